// The user's picture, or their initials on a coloured disc when there is none.
import { useTranslation } from 'react-i18next';

/** Up to two initials: 'Taro Yamada' → 'TY', '山田 太郎' → '山太', 'hanako' → 'H'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  const initials = words.length > 1 ? first(words[0]) + first(words[words.length - 1]) : first(words[0]);
  return initials.toUpperCase() || '?';
}

export function Avatar({ name, imageUrl }: { name: string; imageUrl?: string | null }) {
  const { t } = useTranslation();
  const label = t('shell.topBar.avatarLabel', { name });
  if (imageUrl) return <img className="avatar" src={imageUrl} alt={label} width={36} height={36} />;
  return (
    <span className="avatar avatar-initials" role="img" aria-label={label} data-testid="avatar-initials">
      {initialsOf(name)}
    </span>
  );
}
