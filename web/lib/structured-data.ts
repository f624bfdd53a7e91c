import { fractionDigits } from '#contract/money.ts';
import { canBeOrdered } from '#contract/quantity-rules.ts';
import type { Tool } from '#contract/tools.ts';
import { site } from '#web/content/site.ts';
import { absoluteUrl } from './page-meta.ts';
import * as paths from './paths.ts';

/** schema.org's code for "one piece" (UN/CEFACT C62): minimum orders count units. */
const UNIT = 'C62';

/** The store as an organization (on the home page). */
export function organization(publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.legalName,
    alternateName: site.name,
    url: absoluteUrl(publicUrl, paths.home()),
    logo: absoluteUrl(publicUrl, '/favicon.svg'),
    description: site.description,
  };
}

/** Where a page sits: Home › … › the page. */
export function breadcrumbs(publicUrl: string, trail: readonly { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absoluteUrl(publicUrl, step.path),
    })),
  };
}

/** A tool as a product with its offer: price, availability from stock, the minimum order. */
export function product(
  publicUrl: string,
  tool: Tool & { gallery?: readonly { src: string }[] },
  currency: string,
) {
  const url = absoluteUrl(publicUrl, paths.tool(tool._id));
  const main = absoluteUrl(publicUrl, tool.img || '/images/tool-placeholder.svg');
  const pictures = tool.gallery ?? [];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: tool.name,
    description: tool.description,
    // Every picture, the main one first (a search result may show any of them).
    image:
      pictures.length === 0
        ? main
        : [main, ...pictures.map((picture) => absoluteUrl(publicUrl, picture.src))],
    sku: tool.sku,
    ...(tool.mpn === null ? {} : { mpn: tool.mpn }),
    ...(tool.gtin === null ? {} : { gtin: tool.gtin }),
    brand: { '@type': 'Brand', name: tool.brand },
    ...(tool.rating.average === null
      ? {}
      : {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: tool.rating.average,
            reviewCount: tool.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: currency,
      price: (tool.price / 10 ** fractionDigits(currency)).toFixed(fractionDigits(currency)),
      availability: canBeOrdered(tool)
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      eligibleQuantity: {
        '@type': 'QuantitativeValue',
        minValue: tool.minimumOrder,
        ...(tool.maxPerOrder === null ? {} : { maxValue: tool.maxPerOrder }),
        unitCode: UNIT,
      },
      inventoryLevel: { '@type': 'QuantitativeValue', value: tool.quantity, unitCode: UNIT },
      seller: { '@type': 'Organization', name: site.legalName },
    },
  };
}
