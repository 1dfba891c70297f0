/** The wire shape of /migration-map.json (the reference backend serves DEFAULT_MIGRATION_MAP plus settings). */
import * as v from 'valibot';

export const MigrationMapSchema = v.object({
  legacyHome: v.string(),
  legacyPrefixes: v.array(v.string()),
  entries: v.array(
    v.object({
      route: v.string(),
      legacy: v.string(),
      title: v.string(),
      direction: v.optional(v.picklist(['both', 'to-legacy', 'to-new'])),
    }),
  ),
});
