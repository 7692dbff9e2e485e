import { useId, useState } from 'react';
import { useAdminTools } from '../api/get-admin-tools.ts';

/** Fewer letters find too much to choose from. */
const PICKER_MIN_LETTERS = 2;

/**
 * A tool chosen by typing its name or SKU (the catalogue's search, typos forgiven): the matches are
 * offered as suggestions, and the tool whose name is typed in full is the one chosen.
 */
export function useToolChoice() {
  const [text, setText] = useState('');
  const search = text.trim();
  const matches = useAdminTools({ q: search.length >= PICKER_MIN_LETTERS ? search : undefined });
  const offered = search.length >= PICKER_MIN_LETTERS ? (matches.data?.items ?? []) : [];
  return { text, setText, offered, tool: offered.find((tool) => tool.toolName === text) };
}
type ToolChoice = ReturnType<typeof useToolChoice>;

export function ToolPicker({ label, choice }: { label: string; choice: ToolChoice }) {
  const listId = useId();
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input className="input" list={listId} value={choice.text} autoComplete="off" placeholder="A name or SKU" onChange={(event) => choice.setText(event.target.value)} />
      <datalist id={listId}>
        {choice.offered.map((tool) => (
          <option key={tool._id} value={tool.toolName} />
        ))}
      </datalist>
    </label>
  );
}
