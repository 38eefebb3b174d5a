import { newId } from '../db/ids.ts';
import type { TemplateInput, TemplatePage, TemplateSearchQuery, TemplateStore } from './template-store.ts';

/** Who wrote a template and when, kept by an edit. */
export interface TemplateAuthor {
  createdBy: string;
  createdAt: string;
}

/**
 * What a module says about its templates: its store, how a request becomes a stored item and an
 * item its DTO, which ids a body names (checked against the organisation before any write), and
 * its 'Template not found'.
 */
export interface TemplateServiceKind<Item extends TemplateAuthor, Input, Dto> {
  store: TemplateStore<Item>;
  itemOf(orgId: string, templateId: string, input: Input, author: TemplateAuthor, now: Date): TemplateInput<Item>;
  toDto(item: TemplateInput<Item>): Dto;
  checkIds(orgId: string, input: Input): Promise<void>;
  notFound(): Error;
}

/**
 * The template routes of a module (notifications, actions, tasks), one piece of code for all: create,
 * get, edit (author kept), delete and the search of spec 001 §7 on the kit's template store.
 */
export function templateService<Item extends TemplateAuthor, Input, Dto>(kind: TemplateServiceKind<Item, Input, Dto>) {
  const { store, itemOf, toDto, checkIds, notFound } = kind;
  /** Stores a new template whose ids were checked (a form's "save as template" checked them with its send). */
  const insert = async (orgId: string, userId: string, input: Input, now: Date): Promise<Dto> => {
    const item = itemOf(orgId, newId(now.getTime()), input, { createdBy: userId, createdAt: now.toISOString() }, now);
    await store.create(item);
    return toDto(item);
  };
  return {
    insert,
    async create(orgId: string, userId: string, input: Input, now = new Date()): Promise<Dto> {
      await checkIds(orgId, input);
      return insert(orgId, userId, input, now);
    },
    async get(orgId: string, templateId: string): Promise<Dto> {
      const item = await store.get(orgId, templateId);
      if (!item) throw notFound();
      return toDto(item);
    },
    async update(orgId: string, templateId: string, input: Input, now = new Date()): Promise<Dto> {
      const existing = await store.get(orgId, templateId);
      if (!existing) throw notFound();
      await checkIds(orgId, input);
      const item = itemOf(orgId, templateId, input, { createdBy: existing.createdBy, createdAt: existing.createdAt }, now);
      if (!(await store.replace(item))) throw notFound();
      return toDto(item);
    },
    async remove(orgId: string, templateId: string): Promise<void> {
      if (!(await store.remove(orgId, templateId))) throw notFound();
    },
    /** AP65 (spec 001 §7): term, filterBy all, sortBy created, isAscending, token paging. */
    async search(orgId: string, query: TemplateSearchQuery): Promise<TemplatePage<Dto>> {
      const page = await store.search(orgId, query);
      return { ...page, items: page.items.map(toDto) };
    },
  };
}
