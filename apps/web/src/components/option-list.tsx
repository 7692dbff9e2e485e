/** A <select>'s options for a list of values, each in its words (`label`; the value itself by default). */
export function OptionList<Value extends string>({ values, label = (value) => value }: { values: readonly Value[]; label?: (value: Value) => string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
