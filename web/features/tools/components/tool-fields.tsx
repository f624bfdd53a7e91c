import { type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import type { Category } from '#contract/categories.ts';
import { specificationsOf } from '#contract/category-tree.ts';
import { SelectField, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import type { ToolFormValues } from '../utils/tool-form-schema.ts';
import { DocumentsEditor } from './documents-editor.tsx';
import { GalleryEditor } from './gallery-editor.tsx';
import type { MediaFormValues } from './media-form-values.ts';
import { PriceTiersEditor } from './price-tiers-editor.tsx';
import { RelatedEditor } from './related-editor.tsx';
import { SpecFields } from './spec-fields.tsx';
import { ToolImageField } from './tool-image-field.tsx';

/**
 * Every field of a tool, for adding one and for editing it: SKU, brand, the maker's part number
 * and GTIN, name, image, description, stock, minimum order, unit price and volume prices. Laid
 * out in the form's two-column grid.
 */
export function ToolFields<T extends ToolFormValues, Context, Output>({
  control,
  register,
  errors,
  currency,
  stockHint,
  isNew = false,
  categories,
  toolId,
}: {
  control: Control<T, Context, Output>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  currency: string;
  /** What to say under the stock (e.g. how many units it had when the dialog opened). */
  stockHint?: string;
  /** Adding a tool: its SKU may be left empty. */
  isNew?: boolean;
  /** The category tree, depth first (GET /api/categories): where the tool may be put. */
  categories: readonly Category[];
  /** The tool being edited: never offered as related to itself. */
  toolId?: string;
}) {
  // The generic form narrowed to the fields this component owns.
  const fieldsRegister = register as unknown as UseFormRegister<ToolFormValues>;
  const fieldErrors = errors as FieldErrors<ToolFormValues>;
  const categoryId = useWatch({
    control: control as unknown as Control<{ categoryId?: string }>,
    name: 'categoryId',
  });
  return (
    <>
      <TextField
        label="SKU"
        autoComplete="off"
        spellCheck={false}
        hint={isNew ? 'Leave empty and the store numbers it (TOOL-00042).' : undefined}
        error={fieldErrors.sku?.message}
        {...fieldsRegister('sku')}
      />
      <TextField
        label="Brand"
        hint={isNew ? 'Leave empty for the store’s own brand.' : undefined}
        error={fieldErrors.brand?.message}
        {...fieldsRegister('brand')}
      />
      <TextField
        label="Maker’s part number (optional)"
        autoComplete="off"
        spellCheck={false}
        error={fieldErrors.mpn?.message}
        {...fieldsRegister('mpn')}
      />
      <TextField
        label="GTIN / barcode (optional)"
        inputMode="numeric"
        autoComplete="off"
        hint="8, 12, 13 or 14 digits."
        error={fieldErrors.gtin?.message}
        {...fieldsRegister('gtin')}
      />
      <SelectField
        label="Category"
        className="sm:col-span-2"
        error={fieldErrors.categoryId?.message}
        {...fieldsRegister('categoryId')}
      >
        <option value="">No category</option>
        {categories.map((category) => (
          <option key={category._id} value={category._id}>
            {`${'\u00a0\u00a0'.repeat(category.depth - 1)}${category.name}`}
          </option>
        ))}
      </SelectField>
      <SpecFields
        attributes={specificationsOf(categories, categoryId || null)}
        register={register as unknown as Parameters<typeof SpecFields>[0]['register']}
        errors={errors as Parameters<typeof SpecFields>[0]['errors']}
      />
      <TextField
        label="Tool name"
        className="sm:col-span-2"
        error={fieldErrors.name?.message}
        {...fieldsRegister('name')}
      />
      <ToolImageField
        control={control as unknown as Control<{ img: string }>}
        className="sm:col-span-2"
      />
      <TextAreaField
        label="Description"
        className="sm:col-span-2"
        rows={5}
        error={fieldErrors.description?.message}
        {...fieldsRegister('description')}
      />
      <TextField
        label="Quantity in stock"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint={stockHint}
        error={fieldErrors.quantity?.message}
        {...fieldsRegister('quantity', { valueAsNumber: true })}
      />
      <TextField
        label="Minimum order"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={fieldErrors.minimumOrder?.message}
        {...fieldsRegister('minimumOrder', { valueAsNumber: true })}
      />
      <TextField
        label="Sold in packs of"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        hint="Units per pack: every order is a whole number of packs (1: any quantity). The minimum order is a whole number of packs."
        error={fieldErrors.orderIncrement?.message}
        {...fieldsRegister('orderIncrement', { valueAsNumber: true })}
      />
      <TextField
        label="Most per order"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        hint="The most units one order may have; empty for no limit. At least the minimum order, in whole packs."
        error={fieldErrors.maxPerOrder?.message}
        {...fieldsRegister('maxPerOrder')}
      />
      <TextField
        label="Weight per unit (grams)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="Packed, for delivery priced by weight; 0 if not known."
        error={fieldErrors.weightGrams?.message}
        {...fieldsRegister('weightGrams', { valueAsNumber: true })}
      />
      <TextField
        label={`Price per unit (${currency})`}
        inputMode="decimal"
        placeholder="12.50"
        error={fieldErrors.price?.message}
        {...fieldsRegister('price')}
      />
      <PriceTiersEditor control={control} register={register} errors={errors} currency={currency} />
      <MediaEditors control={control} register={register} errors={errors} toolId={toolId} />
    </>
  );
}

/** The gallery, documents and related tools: the part of the form each editor owns. */
function MediaEditors<T extends ToolFormValues, Context, Output>({
  control,
  register,
  errors,
  toolId,
}: {
  control: Control<T, Context, Output>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  toolId: string | undefined;
}) {
  const media = {
    control: control as unknown as Control<MediaFormValues>,
    register: register as unknown as UseFormRegister<MediaFormValues>,
    errors: errors as FieldErrors<MediaFormValues>,
  };
  return (
    <>
      <GalleryEditor {...media} />
      <DocumentsEditor {...media} />
      <RelatedEditor {...media} toolId={toolId} />
    </>
  );
}
