import type { HelpTopic } from './help-topics';

/** One help topic, named by its h2. */
export function HelpTopicArticle({ topic }: { topic: HelpTopic }) {
  const headingId = `help-topic-${topic.id}`;
  return (
    <article className="help-topic" aria-labelledby={headingId}>
      <h2 id={headingId}>{topic.title}</h2>
      {topic.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {topic.steps ? (
        <ol>
          {topic.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      ) : null}
      {topic.links?.map((link) => (
        <p key={link.href}>
          <a className="atr-link" href={link.href}>
            {link.label}
          </a>
        </p>
      ))}
    </article>
  );
}
