interface SectionHeadingProps {
  /** Lets the section name itself through aria-labelledby. */
  id: string;
  title: string;
  subtitle?: string;
}

export function SectionHeading({ id, title, subtitle }: SectionHeadingProps) {
  return (
    <header className="mb-10 text-center">
      <h2 id={id} className="text-3xl font-bold sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mx-auto mt-3 max-w-2xl text-base-content/70">{subtitle}</p>}
    </header>
  );
}
