import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Product } from '@workhub/shared/schemas/operations';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { priced } from '../../../lib/currency.ts';
import { useWorkspaceCurrency } from '../../../lib/my-workspaces.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useBomTree } from '../api/bom.ts';
import { useProduct } from '../api/get-product.ts';
import { BomLinesPanel } from '../components/bom-lines-panel.tsx';
import { BomTreeView } from '../components/bom-tree.tsx';
import { Fact } from '../components/fact.tsx';
import { OpsStatusBadge } from '../components/ops-status-badge.tsx';
import { Section } from '../components/section.tsx';
import { useStatusToggle } from '../components/status-toggle.tsx';
import { formatMoney, formatQty } from '../operations-format.ts';
import { leadTimeLabel, PROCUREMENT_LABELS } from '../operations-options.ts';

const ProductFacts = ({ product }: { product: Product }) => {
  const unit = product.uom_name ? ` ${product.uom_name}` : '';
  const currency = useWorkspaceCurrency();
  return (
    <Section title="Details">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Fact label="Type">{PROCUREMENT_LABELS[product.procurement_type]}</Fact>
        <Fact label="Price">{priced(formatMoney(product.price), currency)}</Fact>
        <Fact label="On hand">
          <Group gap={6}>
            {`${formatQty(product.product_qty)}${unit}`}
            {product.below_safety ? (
              <Badge color="orange" variant="light" size="xs">
                Below safety
              </Badge>
            ) : null}
          </Group>
        </Fact>
        <Fact label="Safety stock">{`${formatQty(product.safety_stock)}${unit}`}</Fact>
        <Fact label="Lead time">{leadTimeLabel(product.lead_time, product.lead_time_unit)}</Fact>
        <Fact label="Minimum order">
          {product.min_order_qty === '0' || Number(product.min_order_qty) === 0
            ? 'Lot for lot'
            : `${formatQty(product.min_order_qty)}${unit}`}
        </Fact>
        <Fact label="Catalog">{product.catalog_name ?? '—'}</Fact>
        <Fact label="Group">{product.product_group ?? '—'}</Fact>
        <Fact label="Color">{product.color ?? '—'}</Fact>
        <Fact label="Status">
          <OpsStatusBadge kind="record" status={product.status} />
        </Fact>
      </SimpleGrid>
      {product.description ? (
        <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
          {product.description}
        </Text>
      ) : null}
    </Section>
  );
};

const BomTreeSection = ({ productId, mayEdit }: { productId: string; mayEdit: boolean }) => {
  const tree = useBomTree(productId);
  const currency = useWorkspaceCurrency();
  return (
    <Section title="Bill of materials">
      <QueryState query={tree} errorTitle="The bill of materials could not be loaded">
        {(loaded) =>
          loaded.root.children.length === 0 ? (
            <Text size="sm" c="dimmed">
              No active lines: the estimated cost is the product’s price (
              {priced(formatMoney(loaded.estimated_cost), currency)}
              ).
            </Text>
          ) : (
            <BomTreeView tree={loaded} mayEdit={mayEdit} />
          )
        }
      </QueryState>
    </Section>
  );
};

const ProductDetail = ({ product }: { product: Product }) => {
  useDocumentTitle(product.product_name);
  const may = useMay();
  const mayWrite = may('operations:write');
  const status = useStatusToggle('products', 'product');
  return (
    <>
      <PageHeader
        title={product.product_name}
        description={
          <Anchor component={Link} to="/operations/products" size="sm">
            ← All products
          </Anchor>
        }
        actions={
          <>
            <Button
              component={Link}
              to={`/operations/stock-moves?product_id=${product.id}`}
              variant="default"
            >
              Stock moves
            </Button>
            {mayWrite ? (
              <>
                <Button
                  variant="light"
                  color={product.status === 'active' ? 'red' : 'green'}
                  loading={status.changingId === product.id}
                  onClick={() =>
                    status.toggle({ id: product.id, name: product.product_name, status: product.status })
                  }
                >
                  {product.status === 'active' ? 'Deactivate' : 'Activate'}
                </Button>
                <Button component={Link} to={`/operations/products/${product.id}/edit`}>
                  Edit
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Stack gap="lg">
        <ProductFacts product={product} />
        <BomTreeSection productId={product.id} mayEdit={mayWrite} />
        <BomLinesPanel product={product} mayEdit={mayWrite} />
      </Stack>
      {status.dialog}
    </>
  );
};

/** /operations/products/:id: the product, its BOM tree with the cost roll-up, its lines and files. */
export const ProductDetailPage = () => {
  const { id = '' } = useParams();
  const product = useProduct(id);
  return (
    <QueryState
      query={product}
      errorTitle="This product could not be loaded"
      back={{ to: '/operations/products', label: 'All products' }}
    >
      {(loaded) => <ProductDetail key={loaded.id} product={loaded} />}
    </QueryState>
  );
};
