/** A row of buttons choosing one view of a list (the state of accounts, open or overdue orders): the chosen one pressed. */
export function ChoiceButtons<Value>({ label, choices, value, onChoose }: { label: string; choices: readonly { value: Value; label: string }[]; value: Value; onChoose: (value: Value) => void }) {
  return (
    <div role="group" aria-label={label} className="join flex-wrap">
      {choices.map((choice) => (
        <button
          key={choice.label}
          type="button"
          className={choice.value === value ? 'join-item btn btn-sm btn-primary' : 'join-item btn btn-sm'}
          aria-pressed={choice.value === value}
          onClick={() => onChoose(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
