interface CompanyStoryProps {
  id: string;
  title: string;
  text: string;
  points: readonly string[];
  img: string;
  alt: string;
  /** Alternates the picture's side on wide screens so consecutive stories do not look alike. */
  imageLast?: boolean;
}

export function CompanyStory({ id, title, text, points, img, alt, imageLast = false }: CompanyStoryProps) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-10 lg:py-12">
      <div className="grid grid-cols-1 items-center gap-10 lg:grid-cols-2">
        <img
          src={img}
          alt={alt}
          width={600}
          height={400}
          loading="lazy"
          className={`h-auto w-full rounded-box shadow ${imageLast ? 'lg:order-last' : ''}`}
        />
        <div>
          <h2 id={id} className="text-3xl font-bold sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-base-content/80">{text}</p>
          <ul className="mt-6 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex gap-3">
                <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
