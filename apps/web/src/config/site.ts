/** The public contact address of the project (also in the legal pages). */
export const CONTACT_EMAIL = 'info@radartornei.it';
