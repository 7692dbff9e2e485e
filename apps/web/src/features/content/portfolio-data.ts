/** Static content of the /myportfolio page: a fictional developer who built the Voltline shop. */

export const developer = {
  name: 'Maya Okafor',
  role: 'Full-Stack JavaScript Developer',
  about: [
    'I build fast, accessible web shops from the database up to the last pixel. For Voltline I designed the catalogue and order API in Node.js and PostgreSQL, and the React storefront and dashboard that sit on top of it.',
    'I care about types that catch mistakes early, interfaces that work on a phone in a dusty workshop, and tests that let a team change code without fear.',
  ],
};

export interface Education {
  degree: string;
  institution: string;
  years: string;
  detail: string;
}

export const education: Education[] = [
  {
    degree: 'BSc (Hons) Computer Science',
    institution: 'Northbridge University',
    years: '2015 – 2018',
    detail: 'Dissertation on query planning in relational databases; modules in networks, HCI and software engineering.',
  },
  {
    degree: 'Professional Certificate in Full-Stack Web Development',
    institution: 'Harbourside Institute of Technology',
    years: '2019 – 2020',
    detail: 'Intensive programme on TypeScript, React, Node.js, REST API design and automated testing.',
  },
];

export interface Skill {
  name: string;
  /** 0 to 100, shown as a progress bar. */
  level: number;
  label: 'Expert' | 'Advanced' | 'Proficient';
}

export const skills: Skill[] = [
  { name: 'TypeScript', level: 92, label: 'Expert' },
  { name: 'React', level: 90, label: 'Expert' },
  { name: 'Node.js & Fastify', level: 85, label: 'Advanced' },
  { name: 'PostgreSQL & Drizzle', level: 78, label: 'Advanced' },
  { name: 'Tailwind CSS & daisyUI', level: 86, label: 'Advanced' },
  { name: 'Testing (Vitest, Playwright)', level: 80, label: 'Advanced' },
  { name: 'Accessibility', level: 74, label: 'Proficient' },
  { name: 'Docker & CI', level: 70, label: 'Proficient' },
];

export interface Project {
  id: string;
  title: string;
  description: string;
  technologies: string[];
  image: string;
  imageAlt: string;
  /**
   * Where the project can be seen working, when that is a page of this shop. The other projects run
   * nowhere a visitor can reach, so they show no link rather than one to a placeholder host.
   */
  livePath?: string;
}

export const projects: Project[] = [
  {
    id: 'voltline-shop',
    title: 'Voltline Tool Shop',
    description:
      'The web shop for a company that builds, sells and stocks electrical tools: product catalogue, reviews, ordering with server-side pricing, payments and a customer dashboard.',
    technologies: ['React', 'TypeScript', 'Fastify', 'PostgreSQL', 'Tailwind CSS'],
    image: '/images/portfolio/voltline-shop.svg',
    imageAlt: 'Voltline storefront in a browser window with a yellow banner and a grid of power tool cards',
    livePath: '/home',
  },
  {
    id: 'stock-tracker',
    title: 'Workshop Stock Tracker',
    description:
      'An inventory dashboard for warehouse staff that tracks stock levels across locations, flags tools that fall below their reorder point and exports weekly reports.',
    technologies: ['React', 'TanStack Query', 'Node.js', 'PGlite', 'Vitest'],
    image: '/images/portfolio/stock-tracker.svg',
    imageAlt: 'Stock dashboard with a bar chart of stock per warehouse, a low-stock warning and a table of tools',
  },
  {
    id: 'load-planner',
    title: 'Circuit Load Planner',
    description:
      'A planning tool for electricians that adds up the load on each circuit of a distribution board and warns before a breaker would be overloaded.',
    technologies: ['TypeScript', 'React', 'Zod', 'Playwright', 'daisyUI'],
    image: '/images/portfolio/load-planner.svg',
    imageAlt: 'Distribution board with six circuit breakers wired to a load gauge whose needle sits in the green zone',
  },
];
