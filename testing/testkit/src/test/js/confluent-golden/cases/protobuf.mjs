// Protobuf through Confluent's ProtobufSerializer, schema ids and message indexes in the headers.
//
// The serializer needs @bufbuild/protobuf descriptors: the .proto files under proto/ are compiled
// at run time with `buf build` (@bufbuild/protocompile) and the messages are built with
// @bufbuild/protobuf's create(); Confluent's code registers the schemas and encodes the messages.
//
// With auto-registration on, the serializer registers each file as a base64 FileDescriptorProto,
// its imports as references under subjects named after their paths (shop/common.proto). A real
// Confluent registry keeps the canonical .proto text of what is registered (and serves the base64
// form only when asked with ?format=serialized), so a second topic registers the .proto text of
// the same files with the package's client and serializes with useLatestVersion.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create } from '@bufbuild/protobuf';
import { compileFiles } from '@bufbuild/protocompile';
import { HeaderSchemaIdSerializer, ProtobufSerializer, SerdeType } from '@confluentinc/schemaregistry';
import { describeConfig, goldenRecord } from '../golden.mjs';

const PROTO_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'proto');
const FILES = ['shop/common.proto', 'shop/order_key.proto', 'shop/order.proto'];

export async function protobufTopics(client, prefix) {
  const sources = Object.fromEntries(FILES.map((path) => [path, readFileSync(join(PROTO_DIR, path), 'utf8')]));
  const registry = compileFiles(sources);
  const autoRegistered = `${prefix}protobuf`;
  const text = `${prefix}protobuf-text`;
  const autoConfig = { autoRegisterSchemas: true, schemaIdSerializer: HeaderSchemaIdSerializer, registry };
  const topics = [
    await topic(client, autoRegistered, autoConfig, registry,
      'Auto-registered: each file as the base64 FileDescriptorProto the serializer sends, imports as references'),
  ];

  const commonSubject = `${text}-shop/common.proto`;
  await client.register(commonSubject, { schemaType: 'PROTOBUF', schema: sources['shop/common.proto'] }, false);
  await client.register(`${text}-key`, { schemaType: 'PROTOBUF', schema: sources['shop/order_key.proto'] }, false);
  await client.register(`${text}-value`, {
    schemaType: 'PROTOBUF',
    schema: sources['shop/order.proto'],
    references: [
      { name: 'shop/common.proto', subject: commonSubject, version: await latestVersion(client, commonSubject) },
    ],
  }, false);
  const latestConfig = {
    useLatestVersion: true, autoRegisterSchemas: false, schemaIdSerializer: HeaderSchemaIdSerializer, registry,
  };
  topics.push(await topic(client, text, latestConfig, registry,
    'The same files registered as .proto text with the package\'s client, as a Confluent registry serves them; '
      + 'the serializers use the latest version'));
  return topics;
}

async function latestVersion(client, subject) {
  const latest = await client.getLatestSchemaMetadata(subject);
  return latest.version;
}

async function topic(client, name, config, registry, description) {
  const serializers = {
    keySerializer: new ProtobufSerializer(client, SerdeType.KEY, { ...config }),
    valueSerializer: new ProtobufSerializer(client, SerdeType.VALUE, { ...config }),
  };
  const message = (typeName, init) => create(registry.getMessage(typeName), init);
  const key = (orderId, region) => message('shop.OrderKey', { orderId, region });
  const records = [
    {
      name: 'every field set: imported message, nested repeated message, optional, Timestamp, enum, map, uint64, oneof',
      ...await goldenRecord(name, {
        ...serializers,
        headers: [['app', 'mink-golden']],
        key: key('A-1001', 3),
        value: message('shop.Order', {
          id: 5_000_000_001n,
          customer: 'Ada',
          total: { currency: 'EUR', units: 24n, nanos: 180_000_000 },
          lines: [
            { sku: 'A-1', quantity: 2, price: { currency: 'EUR', units: 12n, nanos: 340_000_000 } },
            { sku: 'B-7', quantity: 1, price: { currency: 'EUR', units: -1n, nanos: -500_000_000 } },
          ],
          note: 'leave at the door',
          createdAt: { seconds: 1_714_566_645n, nanos: 123_000_000 },
          status: 2,
          attributes: { channel: 'web', priority: 'high' },
          loyaltyPoints: 18_446_744_073_709_551_615n,
          payment: { case: 'cardToken', value: 'tok_123' },
          signature: new Uint8Array([0xca, 0xfe]),
          weightKg: 1.75,
        }),
      }),
      expectedKey: { order_id: 'A-1001', region: 3 },
      expectedValue: {
        id: 5_000_000_001,
        customer: 'Ada',
        total: { currency: 'EUR', units: 24, nanos: 180_000_000 },
        lines: [
          { sku: 'A-1', quantity: 2, price: { currency: 'EUR', units: 12, nanos: 340_000_000 } },
          { sku: 'B-7', quantity: 1, price: { currency: 'EUR', units: -1, nanos: -500_000_000 } },
        ],
        note: 'leave at the door',
        created_at: '2024-05-01T12:30:45.123Z',
        status: 'SHIPPED',
        attributes: { channel: 'web', priority: 'high' },
        loyalty_points: '18446744073709551615',
        card_token: 'tok_123',
        voucher: null,
        signature: 'yv4=',
        weight_kg: 1.75,
      },
    },
    {
      name: 'fields left out: proto3 defaults, absent messages and optional null, the other oneof member',
      ...await goldenRecord(name, {
        ...serializers,
        key: key('A-1002', 0),
        value: message('shop.Order', { id: 2n, customer: 'Grace', payment: { case: 'voucher', value: 'SPRING' } }),
      }),
      expectedKey: { order_id: 'A-1002', region: 0 },
      expectedValue: {
        id: 2,
        customer: 'Grace',
        total: null,
        lines: [],
        note: null,
        created_at: null,
        status: 'STATUS_UNSPECIFIED',
        attributes: {},
        loyalty_points: '0',
        card_token: null,
        voucher: 'SPRING',
        signature: '',
        weight_kg: 0,
      },
    },
    {
      name: 'written with Refund, the second message (indexes [1]): the value stays raw',
      ...await goldenRecord(name, {
        ...serializers,
        key: key('A-1001', 3),
        value: message('shop.Refund', {
          orderId: 5_000_000_001n, amount: { currency: 'EUR', units: 5n }, reason: 'damaged',
        }),
      }),
      expectedKey: { order_id: 'A-1001', region: 3 },
      expectedValueRaw: 'other-protobuf-message',
    },
    {
      name: 'written with the nested Order.Line (indexes [0, 0]): the value stays raw',
      ...await goldenRecord(name, {
        ...serializers,
        key: key('A-1001', 3),
        value: message('shop.Order.Line', { sku: 'A-1', quantity: 1 }),
      }),
      expectedKey: { order_id: 'A-1001', region: 3 },
      expectedValueRaw: 'other-protobuf-message',
    },
  ];
  const expectedTypes = {
    '_kafka_decoded_key.order_id': 'string', '_kafka_decoded_key.region': 'int', id: 'long', 'total.units': 'long',
    'total.nanos': 'int', 'lines.element.quantity': 'int', 'lines.element.price': 'struct', note: 'string',
    created_at: 'timestamptz', status: 'string', attributes: 'map', 'attributes.value': 'string',
    loyalty_points: 'decimal(20, 0)', card_token: 'string', voucher: 'string', signature: 'binary', weight_kg: 'double',
  };
  return { name, schemaType: 'PROTOBUF', description, expectedTypes, serializer: describeConfig(config), records };
}
