import { useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { detectLang, isLang, paths } from '../paths';

export function NotFoundRoute() {
  const { lang } = useParams();
  return <NotFound homeHref={paths.landing.getHref(isLang(lang) ? lang : detectLang())} />;
}
