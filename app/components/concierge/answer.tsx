import { proseClass } from "#app/components/ui/prose";
import { useTranslation } from "#app/lib/translations";

export interface AnswerView {
  question: string;
  html: string;
  citations: { title: string; url: string }[];
}

/** One answer: the question, the answer (Markdown sanitized on the server) and its sources. */
export function ConciergeAnswer({ answer, headingLevel = 2 }: { answer: AnswerView; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("concierge");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="concierge-answer-title" className="space-y-3" data-testid="concierge-answer">
      <p className="text-sm text-slate-600">
        <span className="font-medium">{t("page.youAsked")}:</span> {answer.question}
      </p>
      <Heading id="concierge-answer-title" className="sr-only">
        {t("page.answerTitle")}
      </Heading>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by renderMarkdown, sanitized on the server */}
      <div className={`${proseClass} text-base`} dangerouslySetInnerHTML={{ __html: answer.html }} />
      {answer.citations.length ? (
        <div>
          <p className="text-sm font-semibold text-slate-800">{t("page.sources")}</p>
          <ul className="mt-1 flex flex-wrap gap-2" data-testid="concierge-citations">
            {answer.citations.map((citation) => (
              <li key={citation.url}>
                <a
                  href={citation.url}
                  className="inline-block rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
                >
                  {citation.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
