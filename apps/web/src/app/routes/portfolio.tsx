import type { ReactNode } from 'react';
import { useDocumentHead } from '../../lib/page-head/use-document-head.ts';
import { developer, education, projects, skills } from '../../features/content/portfolio-data.ts';
import { portfolioPageHead } from './portfolio-head.ts';
import { ProjectCard } from '../../features/content/components/project-card.tsx';

/** A part of the page, named by its heading. */
function PortfolioSection({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function PortfolioPage() {
  useDocumentHead(portfolioPageHead);
  return (
    <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
      <header className="flex flex-col items-start gap-6 sm:flex-row sm:items-center">
        <div
          aria-hidden="true"
          className="grid size-24 shrink-0 place-items-center rounded-full bg-neutral text-3xl font-bold text-primary"
        >
          {developer.name
            .split(' ')
            .map((part) => part[0])
            .join('')}
        </div>
        <div className="min-w-0">
          <h1 className="text-4xl font-bold tracking-tight">{developer.name}</h1>
          <p className="mt-2 text-xl font-medium text-accent">{developer.role}</p>
        </div>
      </header>

      <PortfolioSection id="about" title="About me" className="max-w-3xl">
        <div className="mt-4 space-y-3 text-lg leading-relaxed text-base-content/80">
          {developer.about.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </PortfolioSection>

      <div className="grid grid-cols-1 gap-14 lg:grid-cols-2 lg:gap-10">
        <PortfolioSection id="education" title="Education">
          <ol className="mt-6 space-y-4">
            {education.map((entry) => (
              <li key={entry.degree} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
                <p className="badge badge-neutral badge-sm">{entry.years}</p>
                <h3 className="mt-2 text-lg font-semibold">{entry.degree}</h3>
                <p className="font-medium text-base-content/70">{entry.institution}</p>
                <p className="mt-2 text-base-content/80">{entry.detail}</p>
              </li>
            ))}
          </ol>
        </PortfolioSection>

        <PortfolioSection id="skills" title="Skills">
          <ul className="mt-6 grid grid-cols-1 gap-x-8 gap-y-5 sm:grid-cols-2">
            {skills.map((skill) => (
              <li key={skill.name} className="min-w-0">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-medium">{skill.name}</span>
                  <span className="shrink-0 text-sm text-base-content/70">{skill.label}</span>
                </div>
                <progress
                  className="progress progress-primary mt-2 w-full"
                  value={skill.level}
                  max={100}
                  aria-label={`${skill.name}: ${skill.label}`}
                />
              </li>
            ))}
          </ul>
        </PortfolioSection>
      </div>

      <PortfolioSection id="projects" title="Projects">
        <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </div>
      </PortfolioSection>
    </div>
  );
}
