// Serializes Mink's sample orders with Confluent's own JavaScript serializers (npm
// @confluentinc/schemaregistry), configured with HeaderSchemaIdSerializer: the schema id goes into
// the __key_schema_id / __value_schema_id header as 0x01 + the schema's 16-byte GUID (+ the message
// indexes for Protobuf), and the key and value carry no prefix.
//
//   node serialize-orders.mjs --registry <url> --topic <topic> --language avro|protobuf|json-schema
//
// Standard input: a first line {"keySchema", "valueSchema", "descriptorSet"} (the schema texts, and
// for Protobuf the base64 FileDescriptorSet of the .proto files), then one order per line in the
// JSON form of schemas/order.schema.json. Standard output: one line per order,
// {"key", "value", "headers": [{"key", "value"}]}, bytes in base64. The Java side
// (io.mink.samples.produce.ConfluentJsOrderProducer) produces them to Kafka.

import { createInterface } from 'node:readline';
import { create, createFileRegistry, fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import {
  AvroSerializer, HeaderSchemaIdSerializer, JsonSerializer, ProtobufSerializer, SchemaRegistryClient, SerdeType,
} from '@confluentinc/schemaregistry';

const LANGUAGES = ['avro', 'protobuf', 'json-schema'];

async function main(args) {
  const { registry, topic, language } = parseArguments(args);
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let serializers = null;
  for await (const line of lines) {
    if (line.trim() === '') {
      continue;
    }
    const input = JSON.parse(line);
    if (serializers == null) {
      const client = new SchemaRegistryClient({ baseURLs: [registry] });
      serializers = await serializersFor(client, topic, language, input);
      continue;
    }
    const headers = {};
    const key = await serializers.key.serialize(topic, serializers.keyOf(input), headers);
    const value = await serializers.value.serialize(topic, serializers.valueOf(input), headers);
    process.stdout.write(JSON.stringify({
      key: Buffer.from(key).toString('base64'),
      value: Buffer.from(value).toString('base64'),
      headers: Object.entries(headers)
        .map(([name, bytes]) => ({ key: name, value: Buffer.from(bytes).toString('base64') })),
    }) + '\n');
  }
}

async function serializersFor(client, topic, language, { keySchema, valueSchema, descriptorSet }) {
  const header = { schemaIdSerializer: HeaderSchemaIdSerializer };
  if (language === 'protobuf') {
    // Like protoc's generated code: the message types come from the compiled .proto files, and the
    // serializer registers each file (as a base64 FileDescriptorProto) on first use.
    const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, Buffer.from(descriptorSet, 'base64')));
    const config = { ...header, autoRegisterSchemas: true, registry };
    const status = registry.getEnum('shop.Status');
    return {
      key: new ProtobufSerializer(client, SerdeType.KEY, { ...config }),
      value: new ProtobufSerializer(client, SerdeType.VALUE, { ...config }),
      keyOf: (order) => create(registry.getMessage('shop.OrderKey'), { orderId: BigInt(order.order_id) }),
      valueOf: (order) => create(registry.getMessage('shop.Order'), protobufOrder(order, status)),
    };
  }
  // Avro and JSON Schema: with auto-registration the package would derive a schema from each message,
  // without nullable unions, logical types or formats. So the written schemas are registered first
  // and the serializers use the subjects' latest versions.
  const schemaType = language === 'avro' ? 'AVRO' : 'JSON';
  await client.register(`${topic}-key`, { schemaType, schema: keySchema }, false);
  await client.register(`${topic}-value`, { schemaType, schema: valueSchema }, false);
  const config = { ...header, useLatestVersion: true, autoRegisterSchemas: false };
  const Serializer = language === 'avro' ? AvroSerializer : JsonSerializer;
  return {
    key: new Serializer(client, SerdeType.KEY, { ...config }),
    value: new Serializer(client, SerdeType.VALUE, { ...config }),
    keyOf: (order) => ({ order_id: order.order_id }),
    valueOf: language === 'avro' ? avroOrder : (order) => order,
  };
}

/** avsc takes the underlying Avro values: epoch milliseconds for timestamp-millis, the symbol for an enum. */
function avroOrder(order) {
  return { ...order, placed_at: Date.parse(order.placed_at) };
}

function protobufOrder(order, status) {
  const millis = Date.parse(order.placed_at);
  return {
    orderId: BigInt(order.order_id),
    customer: order.customer,
    placedAt: { seconds: BigInt(Math.floor(millis / 1000)), nanos: (((millis % 1000) + 1000) % 1000) * 1_000_000 },
    status: status.values.find((value) => value.name === order.status).number,
    total: order.total,
    lines: order.lines,
    shipping: order.shipping,
    note: order.note ?? undefined,
  };
}

function parseArguments(args) {
  const options = {};
  for (let i = 0; i + 1 < args.length; i += 2) {
    options[args[i].replace(/^--/, '')] = args[i + 1];
  }
  if (!/^https?:\/\//.test(options.registry ?? '') || !options.topic || !LANGUAGES.includes(options.language)) {
    console.error('Usage: node serialize-orders.mjs --registry <url> --topic <topic> --language '
      + `${LANGUAGES.join('|')}; the setup line and the orders come on standard input`);
    process.exit(2);
  }
  return options;
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error?.stack ?? String(error));
  process.exit(1);
});
