// Renders copy blocks: a string is a paragraph, `{ list }` a bulleted list.
import type { Block } from '../content/types';

export function Blocks({ blocks, lang }: { blocks: readonly Block[]; lang?: string }) {
  return (
    <>
      {blocks.map((block, index) =>
        typeof block === 'string' ? (
          <p key={index} lang={lang}>
            {block}
          </p>
        ) : (
          <ul key={index} lang={lang}>
            {block.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
