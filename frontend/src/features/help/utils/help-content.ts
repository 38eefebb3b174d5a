import type { TFunction } from 'i18next';

export interface FaqItem {
  q: string;
  a: string[];
}

export interface GuideSection {
  id: string;
  title: string;
  body: string[];
}

function listOf<T>(value: unknown, isItem: (item: unknown) => item is T): T[] {
  return Array.isArray(value) ? value.filter(isItem) : [];
}

const isFaqItem = (item: unknown): item is FaqItem =>
  !!item && typeof item === 'object' && typeof (item as FaqItem).q === 'string' && Array.isArray((item as FaqItem).a);

const isGuideSection = (item: unknown): item is GuideSection =>
  !!item &&
  typeof item === 'object' &&
  typeof (item as GuideSection).id === 'string' &&
  typeof (item as GuideSection).title === 'string' &&
  Array.isArray((item as GuideSection).body);

/** The FAQ and user guide live in the locale files as lists, so each language carries its own text. */
export function faqItems(t: TFunction): FaqItem[] {
  return listOf(t('faq.items', { returnObjects: true }), isFaqItem);
}

export function guideSections(t: TFunction): GuideSection[] {
  return listOf(t('userGuide.sections', { returnObjects: true }), isGuideSection);
}

/** The section a user guide link asks for, else the first on wide screens and none on narrow ones. */
export function selectedSection(sections: readonly GuideSection[], requested: string | null, narrow: boolean): GuideSection | null {
  const match = requested ? sections.find((section) => section.id === requested) : undefined;
  if (match) return match;
  return narrow ? null : (sections[0] ?? null);
}
