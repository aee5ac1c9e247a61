// Avro through Confluent's AvroSerializer (avsc underneath), schema ids in the headers.
//
// With auto-registration on, the package derives the schema from the message (avsc's
// Type.forValue), which has no nullable unions and no logical types. So a second topic registers
// a written schema with the package's client and serializes with useLatestVersion. avsc has no
// logical-type implementations unless given some, so the messages hold the underlying Avro values:
// epoch milliseconds, days since the epoch, a decimal's two's-complement bytes, a UUID's text.

import { AvroSerializer, HeaderSchemaIdSerializer, SerdeType } from '@confluentinc/schemaregistry';
import { describeConfig, goldenRecord } from '../golden.mjs';

const ORDER_KEY = {
  type: 'record', name: 'OrderKey', namespace: 'shop', fields: [
    { name: 'order_id', type: 'string' },
    { name: 'region', type: 'int' },
  ],
};

const ORDER = {
  type: 'record', name: 'Order', namespace: 'shop', fields: [
    { name: 'id', type: 'long' },
    { name: 'customer', type: 'string' },
    {
      name: 'shipping', type: {
        type: 'record', name: 'Address', fields: [
          { name: 'street', type: 'string' },
          { name: 'city', type: 'string' },
          { name: 'zip', type: ['null', 'string'], default: null },
        ],
      },
    },
    {
      name: 'lines', type: {
        type: 'array', items: {
          type: 'record', name: 'Line', fields: [
            { name: 'sku', type: 'string' },
            { name: 'quantity', type: 'int' },
            { name: 'price', type: { type: 'bytes', logicalType: 'decimal', precision: 9, scale: 2 } },
          ],
        },
      },
    },
    { name: 'note', type: ['null', 'string'], default: null },
    { name: 'created_at', type: { type: 'long', logicalType: 'timestamp-millis' } },
    { name: 'ship_date', type: ['null', { type: 'int', logicalType: 'date' }], default: null },
    { name: 'tracking_id', type: { type: 'string', logicalType: 'uuid' } },
    { name: 'status', type: { type: 'enum', name: 'Status', symbols: ['PLACED', 'SHIPPED'] } },
    { name: 'attributes', type: { type: 'map', values: 'long' } },
    { name: 'weight_kg', type: 'double' },
    { name: 'gift', type: 'boolean' },
  ],
};

export async function avroTopics(client, prefix) {
  return [await inferred(client, `${prefix}avro-inferred`), await registered(client, `${prefix}avro-registered`)];
}

async function inferred(client, topic) {
  const config = { autoRegisterSchemas: true, schemaIdSerializer: HeaderSchemaIdSerializer };
  const keySerializer = new AvroSerializer(client, SerdeType.KEY, { ...config });
  const valueSerializer = new AvroSerializer(client, SerdeType.VALUE, { ...config });
  const serializers = { keySerializer, valueSerializer };
  const records = [
    {
      name: 'nested record, arrays of strings and of records, bytes',
      ...await goldenRecord(topic, {
        ...serializers,
        headers: [['app', 'mink-golden']],
        key: 'order-1',
        value: {
          id: 1, customer: { name: 'Ada', tier: 2 }, tags: ['new', 'gift'], total: 12.5, paid: true,
          raw: Buffer.from([0xca, 0xfe]), lines: [{ sku: 'A-1', qty: 2 }, { sku: 'B-7', qty: 1 }],
        },
      }),
      expectedKey: 'order-1',
      expectedValue: {
        id: 1, customer: { name: 'Ada', tier: 2 }, tags: ['new', 'gift'], total: 12.5, paid: true,
        raw: 'yv4=', lines: [{ sku: 'A-1', qty: 2 }, { sku: 'B-7', qty: 1 }], coupon: null,
      },
    },
    {
      name: 'one line, empty bytes: avsc numbers the inferred records differently, so this is a second version',
      ...await goldenRecord(topic, {
        ...serializers,
        key: 'order-2',
        value: {
          id: 2, customer: { name: 'Grace', tier: 1 }, tags: ['repeat'], total: 7.25, paid: false,
          raw: Buffer.alloc(0), lines: [{ sku: 'C-3', qty: 10 }],
        },
      }),
      expectedKey: 'order-2',
      expectedValue: {
        id: 2, customer: { name: 'Grace', tier: 1 }, tags: ['repeat'], total: 7.25, paid: false,
        raw: '', lines: [{ sku: 'C-3', qty: 10 }], coupon: null,
      },
    },
    {
      name: 'one more field: a third version, and a new column',
      ...await goldenRecord(topic, {
        ...serializers,
        key: 'order-3',
        value: {
          id: 3, customer: { name: 'Edsger', tier: 3 }, tags: ['new'], total: 99.5, paid: true,
          raw: Buffer.from([0x00]), lines: [{ sku: 'D-4', qty: 1 }], coupon: 'SPRING',
        },
      }),
      expectedKey: 'order-3',
      expectedValue: {
        id: 3, customer: { name: 'Edsger', tier: 3 }, tags: ['new'], total: 99.5, paid: true,
        raw: 'AA==', lines: [{ sku: 'D-4', qty: 1 }], coupon: 'SPRING',
      },
    },
  ];
  return {
    name: topic,
    schemaType: 'AVRO',
    description: 'Auto-registered: the schemas are the ones the serializer derives from each message',
    expectedTypes: {
      _kafka_decoded_key: 'string', id: 'int', customer: 'struct', 'customer.tier': 'int', tags: 'list',
      'tags.element': 'string', total: 'float', paid: 'boolean', raw: 'binary', 'lines.element.qty': 'int',
      coupon: 'string',
    },
    serializer: describeConfig(config),
    records,
  };
}

async function registered(client, topic) {
  await client.register(`${topic}-key`, { schemaType: 'AVRO', schema: JSON.stringify(ORDER_KEY) }, false);
  await client.register(`${topic}-value`, { schemaType: 'AVRO', schema: JSON.stringify(ORDER) }, false);
  const config = { useLatestVersion: true, autoRegisterSchemas: false, schemaIdSerializer: HeaderSchemaIdSerializer };
  const serializers = {
    keySerializer: new AvroSerializer(client, SerdeType.KEY, { ...config }),
    valueSerializer: new AvroSerializer(client, SerdeType.VALUE, { ...config }),
  };
  const records = [
    {
      name: 'every field set: nested record, array of records, decimals, timestamp, date, uuid, enum, map',
      ...await goldenRecord(topic, {
        ...serializers,
        headers: [['app', 'mink-golden']],
        key: { order_id: 'A-1001', region: 3 },
        value: {
          id: 5_000_000_001,
          customer: 'Ada',
          shipping: { street: '1 Analytical Way', city: 'London', zip: 'N1 9GU' },
          lines: [
            { sku: 'A-1', quantity: 2, price: decimalBytes(1234n) },
            { sku: 'B-7', quantity: 1, price: decimalBytes(-50n) },
          ],
          note: 'leave at the door',
          created_at: Date.parse('2024-05-01T12:30:45.123Z'),
          ship_date: epochDay('2024-05-03'),
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
        lines: [{ sku: 'A-1', quantity: 2, price: '12.34' }, { sku: 'B-7', quantity: 1, price: '-0.50' }],
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
      name: 'nullable fields null, empty array and map',
      ...await goldenRecord(topic, {
        ...serializers,
        key: { order_id: 'A-1002', region: 0 },
        value: {
          id: 2,
          customer: 'Grace',
          shipping: { street: '2 Compiler Road', city: 'Arlington', zip: null },
          lines: [],
          note: null,
          created_at: Date.parse('1969-12-31T23:59:59.999Z'),
          ship_date: null,
          tracking_id: '00000000-0000-0000-0000-000000000000',
          status: 'PLACED',
          attributes: {},
          weight_kg: -0.25,
          gift: false,
        },
      }),
      expectedKey: { order_id: 'A-1002', region: 0 },
      expectedValue: {
        id: 2,
        customer: 'Grace',
        shipping: { street: '2 Compiler Road', city: 'Arlington', zip: null },
        lines: [],
        note: null,
        created_at: '1969-12-31T23:59:59.999Z',
        ship_date: null,
        tracking_id: '00000000-0000-0000-0000-000000000000',
        status: 'PLACED',
        attributes: {},
        weight_kg: -0.25,
        gift: false,
      },
    },
  ];
  return {
    name: topic,
    schemaType: 'AVRO',
    description: 'Schemas registered with the package\'s client; the serializers use the latest version',
    expectedTypes: {
      '_kafka_decoded_key.order_id': 'string', '_kafka_decoded_key.region': 'int', id: 'long', 'shipping.zip': 'string',
      'lines.element.price': 'decimal(9, 2)', note: 'string', created_at: 'timestamptz', ship_date: 'date',
      tracking_id: 'uuid', status: 'string', attributes: 'map', 'attributes.value': 'long', weight_kg: 'double',
      gift: 'boolean',
    },
    serializer: describeConfig(config),
    records,
  };
}

/** A decimal's unscaled value as Avro stores it: big-endian two's complement, fewest bytes. */
function decimalBytes(unscaled) {
  const bytes = [];
  let rest = unscaled;
  do {
    bytes.unshift(Number(BigInt.asUintN(8, rest)));
    rest >>= 8n;
  } while (!((rest === 0n && (bytes[0] & 0x80) === 0) || (rest === -1n && (bytes[0] & 0x80) !== 0)));
  return Buffer.from(bytes);
}

function epochDay(isoDate) {
  return Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;
}
