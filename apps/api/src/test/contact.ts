/** The contact form as a visitor from Paris fills it in, asking about buying in bulk. */
export const contactForm = {
  name: 'Marie Curie',
  email: 'marie@example.test',
  subject: 'Buying in bulk',
  message: 'Do you sell <b>prompts</b> in bulk?',
};

/** The same message in the original form's shape, which older clients still send. */
export const originalContactForm = {
  first_name: 'Marie',
  last_name: 'Curie',
  email: 'marie@example.test',
  phone: '+33 1 23 45 67 89',
  address: '1 Rue Pierre et Marie Curie',
  city: 'Paris',
  post_code: '75005',
  country: 'FR',
  message: 'Do you sell <b>prompts</b> in bulk?',
};
