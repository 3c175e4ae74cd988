/** A published document's title: a link opening it in a new tab, or plain text when it has no address. */
export function DocumentLink({ title, url }: { title: string; url: string | null | undefined }) {
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer external"
      className="font-medium text-primary hover:underline"
    >
      {title}
    </a>
  ) : (
    <span className="font-medium">{title}</span>
  );
}
