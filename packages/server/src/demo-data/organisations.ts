import type { Company, School } from '@atrium/api/schemas';

/** Organisations (companies) of the demo, with the term each one is in. */
export interface DemoCompany extends Company {
  current_term_name: string;
}

export const COMPANIES: readonly DemoCompany[] = [
  { company_id: 101, name: 'University of Medicine', current_term_name: 'Fall 2025' },
  { company_id: 102, name: 'Eastern College of Nursing', current_term_name: 'Autumn Term 2025' },
  { company_id: 103, name: 'Westfield School of Pharmacy', current_term_name: 'Fall Semester 2025' },
  { company_id: 104, name: 'Northern Dental Institute', current_term_name: 'Term 1, 2025-26' },
  { company_id: 105, name: 'Abbreviation Test College', current_term_name: 'Fall 2025' },
];

/**
 * The roster the root user's school picker shows. Abbreviations are URL slugs; one is deliberately hostile
 * (`//evil.example`) so the client's redirect defence can be tested: a naive `/${abbreviation}` would be a
 * protocol-relative URL to another site.
 */
export const SCHOOLS: readonly School[] = [
  {
    sis_school_id: 1001,
    company_id: 101,
    abbreviation: 'umed',
    name_with_ids: 'University of Medicine (101 / 1001)',
  },
  {
    sis_school_id: 1002,
    company_id: 102,
    abbreviation: 'nursing-east',
    name_with_ids: 'Eastern College of Nursing (102 / 1002)',
  },
  {
    sis_school_id: 1003,
    company_id: 103,
    abbreviation: 'pharmacy-west',
    name_with_ids: 'Westfield School of Pharmacy (103 / 1003)',
  },
  {
    sis_school_id: 1004,
    company_id: 104,
    abbreviation: 'dental-north',
    name_with_ids: 'Northern Dental Institute (104 / 1004)',
  },
  {
    sis_school_id: 1005,
    company_id: 105,
    abbreviation: '//evil.example',
    name_with_ids: 'Abbreviation Test College (105 / 1005)',
  },
];

export function findCompany(companyId: number): DemoCompany | undefined {
  return COMPANIES.find((c) => c.company_id === companyId);
}

export function findSchool(schoolId: number): School | undefined {
  return SCHOOLS.find((s) => s.sis_school_id === schoolId);
}

/** The school a company's users land in when they sign in. */
export function defaultSchoolOf(companyId: number): School | undefined {
  return SCHOOLS.find((s) => s.company_id === companyId);
}
