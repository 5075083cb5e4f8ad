import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { type Product, productBody } from '@workhub/shared/schemas/operations';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { QueryState } from '../../../components/data-states.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { getProduct, useProduct } from '../api/get-product.ts';
import { useNamedChoices } from '../api/named-records.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { decimalInput } from '../operations-format.ts';
import { LEAD_TIME_UNIT_OPTIONS, PROCUREMENT_OPTIONS, RECORD_STATUS_OPTIONS } from '../operations-options.ts';

type ProductInput = z.input<typeof productBody>;
type ProductValues = z.output<typeof productBody>;

const NEW_PRODUCT: ProductInput = {
  product_name: '',
  product_group: '',
  catalog_id: '',
  price: '',
  color: '',
  uom_id: '',
  description: '',
  status: 'active',
  procurement_type: 'buy',
  lead_time: '0',
  lead_time_unit: 'days',
  safety_stock: '0',
  min_order_qty: '0',
  product_qty: '0',
};

const initialValues = (product?: Product): ProductInput =>
  product
    ? {
        product_name: product.product_name,
        product_group: product.product_group ?? '',
        catalog_id: product.catalog_id ?? '',
        price: decimalInput(product.price),
        color: product.color ?? '',
        uom_id: product.uom_id ?? '',
        description: product.description ?? '',
        status: product.status,
        procurement_type: product.procurement_type,
        lead_time: String(product.lead_time),
        lead_time_unit: product.lead_time_unit,
        safety_stock: decimalInput(product.safety_stock),
        min_order_qty: decimalInput(product.min_order_qty),
        product_qty: decimalInput(product.product_qty),
      }
    : NEW_PRODUCT;

/** The choices of a catalog or unit select, keeping the record's own even when it is inactive now. */
const choicesOf = (
  records: { id: string; name: string }[] | undefined,
  none: string,
  keep?: { id: string | null; name: string | null },
) => {
  const options = (records ?? []).map((record) => ({ value: record.id, label: record.name }));
  if (keep?.id && !options.some((option) => option.value === keep.id)) {
    options.push({ value: keep.id, label: keep.name ?? keep.id });
  }
  return [{ value: '', label: none }, ...options];
};

/** The fields an edit conflict names, as the form labels them (the stock is not one: moves change it). */
const PRODUCT_LABELS = {
  product_name: 'Product name',
  product_group: 'Group',
  catalog_id: 'Catalog',
  uom_id: 'Unit',
  price: 'Price',
  color: 'Color',
  description: 'Description',
  procurement_type: 'Procurement',
  lead_time: 'Lead time',
  lead_time_unit: 'Lead time unit',
  safety_stock: 'Safety stock',
  min_order_qty: 'Minimum order quantity',
  status: 'Status',
} as const;

const ProductForm = ({ product }: { product?: Product }) => {
  const navigate = useNavigate();
  const save = useSaveProduct();
  const catalogs = useNamedChoices('catalogs');
  const uoms = useNamedChoices('uoms');
  const edit = useEditVersion(
    product,
    (record) => record.updated_at,
    () => getProduct(product?.id ?? ''),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<ProductInput, ProductValues>(productBody, {
    defaultValues: initialValues(product),
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = await save.mutateAsync({ id: product?.id, body: values, version: edit.version });
      notify.success(answer.message || (product ? messages.updateDone : operationsMessages.productCreated));
      await navigate(`/operations/products/${answer.data.id}`);
    },
    // 409: the name is taken (any case).
    conflictField: 'product_name',
  });
  // An uncontrolled select whose options arrive after its value keeps the index it had, not the
  // value: the record's unit (its only option but 'No unit') showed as the list's first unit once
  // the list came. Its value is put back on it when each list arrives.
  const catalogsLoaded = catalogs.data !== undefined;
  const uomsLoaded = uoms.data !== undefined;
  useEffect(() => {
    if (catalogsLoaded) form.setValue('catalog_id', form.getValues('catalog_id'));
  }, [catalogsLoaded, form]);
  useEffect(() => {
    if (uomsLoaded) form.setValue('uom_id', form.getValues('uom_id'));
  }, [uomsLoaded, form]);

  return (
    <Paper withBorder p="lg" radius="md" maw={860}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Product name" autoComplete="off" withAsterisk {...field('product_name')} />
            <TextInput label="Group" autoComplete="off" {...field('product_group')} />
            <NativeSelect
              label="Catalog"
              data={choicesOf(catalogs.data, 'No catalog', {
                id: product?.catalog_id ?? null,
                name: product?.catalog_name ?? null,
              })}
              {...field('catalog_id')}
            />
            <NativeSelect
              label="Unit"
              data={choicesOf(uoms.data, 'No unit', {
                id: product?.uom_id ?? null,
                name: product?.uom_name ?? null,
              })}
              {...field('uom_id')}
              // Its stock and BOM quantities are in this unit: the API refuses a change (409).
              disabled={product?.unit_locked === true}
              description={product?.unit_locked ? operationsMessages.productUnitLockedHint : undefined}
            />
            <TextInput label="Price" inputMode="decimal" withAsterisk {...field('price')} />
            <TextInput label="Color" autoComplete="off" {...field('color')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} {...field('description')} />
          <Title order={2} fz="h5" mt="xs">
            Planning
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect label="Procurement" data={PROCUREMENT_OPTIONS} {...field('procurement_type')} />
            <TextInput
              label="Lead time"
              inputMode="numeric"
              description="To buy or to make it"
              {...field('lead_time')}
            />
            <NativeSelect label="Lead time unit" data={LEAD_TIME_UNIT_OPTIONS} {...field('lead_time_unit')} />
            <TextInput label="Safety stock" inputMode="decimal" {...field('safety_stock')} />
            <TextInput
              label="Minimum order quantity"
              inputMode="decimal"
              description="0: order exactly what is needed"
              {...field('min_order_qty')}
            />
            {product ? null : (
              <TextInput
                label="Opening stock"
                inputMode="decimal"
                description="On hand now (recorded as a stock move)"
                {...field('product_qty')}
              />
            )}
            <NativeSelect label="Status" data={RECORD_STATUS_OPTIONS} {...field('status')} />
          </SimpleGrid>
          <EditConflict
            edit={edit}
            what="product"
            valuesOf={initialValues}
            labels={PRODUCT_LABELS}
            load={(values) => form.reset(values)}
          />
          <Group justify="flex-end">
            <Button
              component={Link}
              to={product ? `/operations/products/${product.id}` : '/operations/products'}
              variant="default"
            >
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {product ? 'Save changes' : 'Create product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const EditProduct = ({ id }: { id: string }) => {
  const product = useProduct(id);
  return (
    <QueryState
      query={product}
      errorTitle="This product could not be loaded"
      back={{ to: '/operations/products', label: 'All products' }}
    >
      {(loaded) => <ProductForm key={loaded.id} product={loaded} />}
    </QueryState>
  );
};

/** /operations/products/new and /operations/products/:id/edit: the product's fields (productBody). */
export const ProductFormPage = () => {
  const { id } = useParams();
  const title = id ? 'Edit product' : 'New product';
  useDocumentTitle(title);
  return (
    <>
      <PageHeader
        title={title}
        description={
          id ? 'Change the product’s details. Stock changes through moves.' : 'Add a product you make or buy.'
        }
      />
      {id ? <EditProduct id={id} /> : <ProductForm />}
    </>
  );
};
