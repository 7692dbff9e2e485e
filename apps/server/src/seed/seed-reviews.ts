export interface SeedReview {
  userName: string;
  userEmail: string;
  review: string;
  rating: number;
  photo: string | null;
  daysAgo: number;
  /** The time of day it was written, in hours (14.5 is 2:30 PM). */
  writtenAtHour: number;
}

export const seedReviews: SeedReview[] = [
  {
    userName: 'Ravi Menon',
    userEmail: 'ravi.menon@example.com',
    review:
      'We kitted out our whole electrical crew with the DD-18 drills and DM-600 meters. Order arrived in four days and every unit was tested and labelled.',
    rating: 5,
    photo: '/images/avatars/ravi.svg',
    daysAgo: 3,
    writtenAtHour: 9.25,
  },
  {
    userName: 'Elena Kovac',
    userEmail: 'elena.kovac@example.com',
    review:
      'As the buyer for a hardware store I like the clear lot sizes and stock figures. The crimpers and wire strippers sell through fast and we have had almost no returns.',
    rating: 5,
    photo: '/images/avatars/elena.svg',
    daysAgo: 9,
    writtenAtHour: 14.5,
  },
  {
    userName: 'Marcus Green',
    userEmail: 'marcus.green@example.com',
    review:
      'Site contractor here. The hammer drills take a beating on concrete every day and keep going. Delivery was quick, though one box had a dented corner.',
    rating: 4,
    photo: '/images/avatars/marcus.svg',
    daysAgo: 17,
    writtenAtHour: 7.75,
  },
  {
    userName: 'Hannah Fischer',
    userEmail: 'hannah.fischer@example.com',
    review:
      'Hobbyist building guitar pedals. The SS-80 soldering station heats up in seconds and holds its temperature well, great value for the price.',
    rating: 5,
    photo: '/images/avatars/hannah.svg',
    daysAgo: 26,
    writtenAtHour: 21.1,
  },
  {
    userName: 'Daniel Okafor',
    userEmail: 'daniel.okafor@example.com',
    review:
      'I run maintenance for a food-processing plant. The IR-1000 insulation tester and the CM-400 clamp meters are now standard on our motor checks. Support answered my calibration question the same day.',
    rating: 5,
    photo: null,
    daysAgo: 38,
    writtenAtHour: 11.6,
  },
  {
    userName: 'Sofia Marin',
    userEmail: 'sofia.marin@example.com',
    review:
      'Solid angle grinders for the money. I would like a smaller minimum order on the accessories, but the tools themselves are good.',
    rating: 4,
    photo: null,
    daysAgo: 52,
    writtenAtHour: 16.35,
  },
  {
    userName: 'Tom Lindqvist',
    userEmail: 'tom.lindqvist@example.com',
    review:
      'The voltage testers work fine, but the first batch shipped without batteries, which the listing did not make clear. Customer service sorted it out with a free pack.',
    rating: 3,
    photo: null,
    daysAgo: 67,
    writtenAtHour: 8.2,
  },
  {
    userName: 'Aisha Rahman',
    userEmail: 'aisha.rahman@example.com',
    review:
      'Licensed electrician, ten years in the trade. The ratcheting crimper gives consistent crimps every time and the handles are comfortable over a full day.',
    rating: 4,
    photo: null,
    daysAgo: 84,
    writtenAtHour: 19.9,
  },
  {
    userName: 'Peter Novak',
    userEmail: 'peter.novak@example.com',
    review:
      'Ordered impact drivers and work lights for three job sites. Paying online was easy and the 10% delivery discount helped on a big order.',
    rating: 5,
    photo: null,
    daysAgo: 110,
    writtenAtHour: 13.05,
  },
];
