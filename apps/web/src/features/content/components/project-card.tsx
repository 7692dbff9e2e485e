import { Link } from 'react-router';
import type { Project } from '../portfolio-data.ts';

export function ProjectCard({ project }: { project: Project }) {
  const titleId = `project-${project.id}`;
  return (
    <article aria-labelledby={titleId} className="card min-w-0 border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200">
        <img src={project.image} alt={project.imageAlt} width={400} height={240} loading="lazy" className="h-auto w-full" />
      </figure>
      <div className="card-body gap-3">
        <h3 id={titleId} className="card-title text-xl">
          {project.title}
        </h3>
        <p className="text-base leading-relaxed text-base-content/80">{project.description}</p>
        <ul className="flex flex-wrap gap-2" aria-label={`Technologies used in ${project.title}`}>
          {project.technologies.map((technology) => (
            <li key={technology} className="badge badge-outline badge-sm">
              {technology}
            </li>
          ))}
        </ul>
        {project.livePath && (
          <div className="card-actions mt-auto justify-end pt-2">
            <Link to={project.livePath} aria-describedby={titleId} className="btn btn-primary btn-sm">
              Live site
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
