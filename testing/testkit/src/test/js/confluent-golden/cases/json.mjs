// JSON Schema through Confluent's JsonSerializer, schema ids in the headers.
//
// With auto-registration on, the package derives the schema from the message (generateSchema),
// which has no formats and no nullable types. So a second topic registers a written schema with
// the package's client and serializes with useLatestVersion.

import { HeaderSchemaIdSerializer, JsonSerializer, SerdeType } from '@confluentinc/schemaregistry';
import { describeConfig, goldenRecord } from '../golden.mjs';

const ORDER_KEY = {
  type: 'object',
  properties: { order_id: { type: 'string' }, region: { type: 'integer' } },
  required: ['order_id'],
};

const ORDER = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Order',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    customer: { type: 'string' },
    shipping: { $ref: '#/definitions/Address' },
    lines: { type: 'array', items: { $ref: '#/definitions/Line' } },
    note: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    ship_date: { type: 'string', format: 'date' },
    tracking_id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: ['PLACED', 'SHIPPED'] },
    attributes: { type: 'object', additionalProperties: { type: 'integer' } },
    weight_kg: { type: 'number' },
    gift: { type: 'boolean' },
  },
  required: ['id', 'customer', 'created_at'],
  definitions: {
    Address: {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' }, zip: { type: ['string', 'null'] } },
      required: ['street', 'city'],
    },
    Line: {
      type: 'object',
      properties: { sku: { type: 'string' }, quantity: { type: 'integer' }, unit_price: { type: 'number' } },
      required: ['sku', 'quantity'],
    },
  },
};

export async function jsonTopics(client, prefix) {
  return [await inferred(client, `${prefix}json-inferred`), await registered(client, `${prefix}json-registered`)];
}

async function inferred(client, topic) {
  const config = { autoRegisterSchemas: true, schemaIdSerializer: HeaderSchemaIdSerializer };
  const serializers = {
    keySerializer: new JsonSerializer(client, SerdeType.KEY, { ...config }),
    valueSerializer: new JsonSerializer(client, SerdeType.VALUE, { ...config }),
  };
  const records = [
    {
      name: 'nested object, arrays of strings and of objects',
      ...await goldenRecord(topic, {
        ...serializers,
        headers: [['app', 'mink-golden']],
        key: 'order-1',
        value: {
          id: 1, customer: { name: 'Ada', tier: 2 }, tags: ['new', 'gift'], total: 12.5, paid: true,
          lines: [{ sku: 'A-1', qty: 2 }, { sku: 'B-7', qty: 1 }],
        },
      }),
      expectedKey: 'order-1',
      expectedValue: {
        id: 1, customer: { name: 'Ada', tier: 2 }, tags: ['new', 'gift'], total: 12.5, paid: true,
        lines: [{ sku: 'A-1', qty: 2 }, { sku: 'B-7', qty: 1 }], coupon: null,
      },
    },
    {
      name: 'same inferred schema, an integer beyond 32 bits',
      ...await goldenRecord(topic, {
        ...serializers,
        key: 'order-2',
        value: {
          id: 5_000_000_001, customer: { name: 'Grace', tier: 1 }, tags: ['repeat'], total: 7.25, paid: false,
          lines: [{ sku: 'C-3', qty: 10 }],
        },
      }),
      expectedKey: 'order-2',
      expectedValue: {
        id: 5_000_000_001, customer: { name: 'Grace', tier: 1 }, tags: ['repeat'], total: 7.25, paid: false,
        lines: [{ sku: 'C-3', qty: 10 }], coupon: null,
      },
    },
    {
      name: 'one more property: the serializer registers a second version of the subject',
      ...await goldenRecord(topic, {
        ...serializers,
        key: 'order-3',
        value: {
          id: 3, customer: { name: 'Edsger', tier: 3 }, tags: ['new'], total: 99.5, paid: true,
          lines: [{ sku: 'D-4', qty: 1 }], coupon: 'SPRING',
        },
      }),
      expectedKey: 'order-3',
      expectedValue: {
        id: 3, customer: { name: 'Edsger', tier: 3 }, tags: ['new'], total: 99.5, paid: true,
        lines: [{ sku: 'D-4', qty: 1 }], coupon: 'SPRING',
      },
    },
  ];
  return {
    name: topic,
    schemaType: 'JSON',
    description: 'Auto-registered: the schemas are the ones the serializer derives from each message',
    expectedTypes: {
      _kafka_decoded_key: 'string', id: 'long', customer: 'struct', 'customer.tier': 'long', tags: 'list',
      'tags.element': 'string', total: 'double', paid: 'boolean', 'lines.element.qty': 'long', coupon: 'string',
    },
    serializer: describeConfig(config),
    records,
  };
}

async function registered(client, topic) {
  await client.register(`${topic}-key`, { schemaType: 'JSON', schema: JSON.stringify(ORDER_KEY) }, false);
  await client.register(`${topic}-value`, { schemaType: 'JSON', schema: JSON.stringify(ORDER) }, false);
  // No validate: true, as the package's ajv set-up refuses the schema's formats ("unknown format date-time").
  const config = { useLatestVersion: true, autoRegisterSchemas: false, schemaIdSerializer: HeaderSchemaIdSerializer };
  const serializers = {
    keySerializer: new JsonSerializer(client, SerdeType.KEY, { ...config }),
    valueSerializer: new JsonSerializer(client, SerdeType.VALUE, { ...config }),
  };
  const records = [
    {
      name: 'every property set: $ref objects, date-time with an offset, date, uuid, enum, map',
      ...await goldenRecord(topic, {
        ...serializers,
        headers: [['app', 'mink-golden']],
        key: { order_id: 'A-1001', region: 3 },
        value: {
          id: 5_000_000_001,
          customer: 'Ada',
          shipping: { street: '1 Analytical Way', city: 'London', zip: 'N1 9GU' },
          lines: [{ sku: 'A-1', quantity: 2, unit_price: 12.34 }, { sku: 'B-7', quantity: 1, unit_price: -0.5 }],
          note: 'leave at the door',
          created_at: '2024-05-01T14:30:45.123+02:00',
          ship_date: '2024-05-03',
          tracking_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
          status: 'SHIPPED',
          attributes: { priority: 2, boxes: 3_000_000_000 },
          weight_kg: 1.75,
          gift: true,
        },
      }),
      expectedKey: { order_id: 'A-1001', region: 3 },
      expectedValue: {
        id: 5_000_000_001,
        customer: 'Ada',
        shipping: { street: '1 Analytical Way', city: 'London', zip: 'N1 9GU' },
        lines: [{ sku: 'A-1', quantity: 2, unit_price: 12.34 }, { sku: 'B-7', quantity: 1, unit_price: -0.5 }],
        note: 'leave at the door',
        created_at: '2024-05-01T12:30:45.123Z',
        ship_date: '2024-05-03',
        tracking_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
        status: 'SHIPPED',
        attributes: { priority: 2, boxes: 3_000_000_000 },
        weight_kg: 1.75,
        gift: true,
      },
    },
    {
      name: 'only the required properties, a null note, a key without its optional region',
      ...await goldenRecord(topic, {
        ...serializers,
        key: { order_id: 'A-1002' },
        value: { id: 2, customer: 'Grace', note: null, created_at: '2024-05-02T00:00:00Z' },
      }),
      expectedKey: { order_id: 'A-1002', region: null },
      expectedValue: {
        id: 2,
        customer: 'Grace',
        shipping: null,
        lines: null,
        note: null,
        created_at: '2024-05-02T00:00:00Z',
        ship_date: null,
        tracking_id: null,
        status: null,
        attributes: null,
        weight_kg: null,
        gift: null,
      },
    },
  ];
  return {
    name: topic,
    schemaType: 'JSON',
    description: 'Schemas registered with the package\'s client; the serializers use the latest version',
    expectedTypes: {
      '_kafka_decoded_key.order_id': 'string', '_kafka_decoded_key.region': 'long', id: 'long',
      'shipping.zip': 'string', 'lines.element.unit_price': 'double', note: 'string', created_at: 'timestamptz',
      ship_date: 'date', tracking_id: 'uuid', status: 'string', attributes: 'map', 'attributes.value': 'long',
      weight_kg: 'double', gift: 'boolean',
    },
    serializer: describeConfig(config),
    records,
  };
}
