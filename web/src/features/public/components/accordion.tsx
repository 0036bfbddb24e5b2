// Question-and-answer accordion: one item open at a time (opening one closes the other). Each question
// is a real button with aria-expanded; its answer is a labelled region.
import { useId, useState } from 'react';
import type { QuestionAnswer } from '../content/types';
import { Blocks } from './blocks';

interface AccordionProps {
  items: readonly QuestionAnswer[];
  /** Language of the copy, when it differs from the page's. */
  lang?: string;
  /** Heading level of the questions. */
  headingLevel?: 2 | 3;
  /** The item open at first; none when omitted. */
  initiallyOpen?: string;
}

export function Accordion({ items, lang, headingLevel = 2, initiallyOpen }: AccordionProps) {
  const [openId, setOpenId] = useState<string | undefined>(initiallyOpen);
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="accordion" lang={lang}>
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${baseId}-${item.id}-question`;
        const panelId = `${baseId}-${item.id}-answer`;
        return (
          <div key={item.id} className={`accordion-item${open ? ' is-open' : ''}`}>
            <Heading className="accordion-heading">
              <button
                type="button"
                id={buttonId}
                className="accordion-trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? undefined : item.id)}
              >
                <span>{item.question}</span>
                <span className="accordion-icon" aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="accordion-panel"
              hidden={!open}
              data-testid="accordion-answer"
            >
              <Blocks blocks={item.answer} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
