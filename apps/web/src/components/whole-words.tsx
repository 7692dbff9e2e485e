/**
 * A text (a person's name) that wraps between its words only, never inside one (issue 43: My Profile
 * on a phone broke a long name mid-word). Each word is a box of its own that the line may not break;
 * a single word wider than the line ends in an ellipsis instead, the whole text still read by screen
 * readers and shown on hover (title).
 */
export function WholeWords({ text }: { text: string }) {
  const words = text.split(/\s+/).filter((word) => word !== '');
  return (
    <span title={text} data-testid="whole-words">
      {words.map((word, index) => (
        // A space between the boxes is where the line may wrap.
        <span key={index}>
          {index > 0 && ' '}
          <span className="inline-block max-w-full truncate align-bottom">{word}</span>
        </span>
      ))}
    </span>
  );
}
