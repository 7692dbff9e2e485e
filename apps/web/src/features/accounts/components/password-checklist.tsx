import { PASSWORD_RULES } from '@voltline/shared/password';

/** product.md, "Rules for what people type": each password rule, marked met or unmet as the user types. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="flex flex-col gap-0.5 text-sm" data-testid="password-checklist">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} data-rule={rule.id} data-met={met} className="flex items-start gap-2">
            <span aria-hidden="true" className={`w-4 font-bold ${met ? 'text-success' : 'text-error'}`}>
              {met ? '✓' : '✗'}
            </span>
            <span>
              <span className="sr-only">{met ? 'Met: ' : 'Not met: '}</span>
              {rule.label}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
