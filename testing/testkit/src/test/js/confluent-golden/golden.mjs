// Helpers shared by the cases: one golden record from Confluent's serializers, and what the
// registry holds afterwards.

/**
 * Serializes a key and a value with Confluent's serializers, which put the schema ids in the
 * headers (HeaderSchemaIdSerializer), and returns the record as the golden file stores it:
 * bytes and header values in base64, headers in the order the record carries them.
 *
 * @param topic the topic the serializers name subjects after
 * @param part {keySerializer, valueSerializer, key, value, headers}: headers that the application
 *     sets before serializing, as [name, text] pairs; key or value may be null for none
 */
export async function goldenRecord(topic, { keySerializer, valueSerializer, key, value, headers = [] }) {
  const kafkaHeaders = {};
  for (const [name, text] of headers) {
    kafkaHeaders[name] = Buffer.from(text, 'utf8');
  }
  const keyBytes = key == null ? null : await keySerializer.serialize(topic, key, kafkaHeaders);
  const valueBytes = value == null ? null : await valueSerializer.serialize(topic, value, kafkaHeaders);
  return {
    key: base64(keyBytes),
    value: base64(valueBytes),
    headers: Object.entries(kafkaHeaders).map(([name, bytes]) => ({ key: name, value: base64(bytes) })),
  };
}

/**
 * Records the schema text of every registration the client makes, by subject and the id the
 * registry answers. A registry may keep another text than the one sent (for a Protobuf schema sent
 * as a base64 FileDescriptorProto, Confluent's keeps its .proto text), and the golden files keep the
 * one sent, so that the test registers what the serializers registered.
 *
 * @returns the map to give registryContents
 */
export function recordRegistrations(client) {
  const sent = new Map();
  const registerFullResponse = client.registerFullResponse.bind(client);
  // register() calls registerFullResponse() on the instance, so this sees both
  client.registerFullResponse = async (subject, schema, normalize) => {
    const response = await registerFullResponse(subject, schema, normalize);
    sent.set(registrationKey(subject, response.id), schema.schema);
    return response;
  };
  return sent;
}

/**
 * Every subject version in the registry, oldest schema id first: registering them in this order
 * into an empty FakeSchemaRegistry gives the same ids, versions and GUIDs. The schema text is the
 * one registered, when recordRegistrations saw it sent, else the one the registry holds.
 */
export async function registryContents(url, sent = new Map()) {
  const schemas = [];
  for (const subject of await getJson(url, '/subjects')) {
    for (const version of await getJson(url, `/subjects/${encodeURIComponent(subject)}/versions`)) {
      const held = await getJson(url, `/subjects/${encodeURIComponent(subject)}/versions/${version}`);
      schemas.push({
        subject: held.subject,
        version: held.version,
        id: held.id,
        guid: held.guid,
        schemaType: held.schemaType ?? 'AVRO',
        schema: sent.get(registrationKey(held.subject, held.id)) ?? held.schema,
        references: held.references ?? [],
      });
    }
  }
  return schemas.sort((a, b) => a.id - b.id || a.subject.localeCompare(b.subject) || a.version - b.version);
}

function registrationKey(subject, id) {
  return `${id} ${subject}`;
}

export async function getJson(url, path) {
  const response = await fetch(url.replace(/\/$/, '') + path);
  if (!response.ok) {
    throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  }
  return response.json();
}

/**
 * Serializer settings as the golden file records them: functions by name, the descriptor registry
 * left out. Give each serializer a copy of the settings: the serializers add to the object.
 */
export function describeConfig(config) {
  const described = {};
  for (const [name, setting] of Object.entries(config)) {
    if (typeof setting === 'function') {
      described[name] = setting.name;
    } else if (name !== 'registry') {
      described[name] = setting;
    }
  }
  return described;
}

function base64(bytes) {
  return bytes == null ? null : Buffer.from(bytes).toString('base64');
}
