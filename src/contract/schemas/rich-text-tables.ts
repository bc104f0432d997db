import * as z from 'zod';
import { open } from './rich-text-leaves.js';

/*
 * The parts of a rich-text table block (rich-text.ts): its columns' definitions, its cells'
 * values and its views, made with the document's other schemas when first used.
 */

/** The leaves a table's parts are made of come from the document's (richTextLeaves), made once. */
export function tableParts(VerticalAlignment: z.ZodType, ContentRef: z.ZodType, ImageRef: z.ZodType) {
  const definition = (type: string, shape: z.ZodRawShape = {}) => open({ id: z.string(), title: z.string(), type: z.literal(type), ...shape });
  const TableDefinition = z.discriminatedUnion('type', [
    definition('text', { textAlignment: z.enum(['center', 'right', 'left']), verticalAlignment: VerticalAlignment.optional() }),
    definition('number'),
    definition('checkbox'),
    definition('files'),
    definition('users', { multiple: z.boolean() }),
    definition('rating', { max: z.number() }),
    definition('select', { multiple: z.boolean(), options: z.array(open({ value: z.string(), label: z.string(), color: z.string() })) }),
    definition('content-ref'),
    definition('image'),
  ]);
  const TableValue = z.union([
    z.number(),
    z.string(),
    z.null(),
    z.boolean(),
    z.array(z.string()),
    ContentRef,
    open({ ref: ImageRef, objectFit: z.enum(['contain', 'fill', 'cover']).optional() }),
  ]);
  const TableView = z.discriminatedUnion('type', [
    open({
      type: z.literal('grid'),
      columns: z.array(z.string()),
      columnWidths: z.record(z.string(), z.number()).optional(),
      hideHeader: z.boolean(),
      useNewSizing: z.boolean().optional(),
    }),
    open({
      type: z.literal('cards'),
      cardSize: z.enum(['medium', 'large']),
      columns: z.array(z.string()),
      targetDefinition: z.string().optional(),
      coverDefinition: z.string().optional(),
      coverDefinitionDark: z.string().optional(),
      hideColumnTitle: z.boolean().optional(),
    }),
  ]);
  return { TableDefinition, TableValue, TableView };
}
