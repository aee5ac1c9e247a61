package io.mink.testkit.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.SchemaType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * What a Confluent registry holds, without HTTP: schemas by id and GUID, and subjects as lists of
 * versions. The same schema text, type and references get the same id under any subject; a subject
 * that already has a schema does not get a new version for it. Thread-safe.
 *
 * <p>A Protobuf schema registered as a base64 {@code FileDescriptorProto} is kept, looked up and
 * identified (id, GUID) by its .proto text, as Confluent keeps the canonical text; see
 * {@link ProtobufForms}.
 *
 * <p>Apicurio's view of the same data: a schema id is Apicurio's content id, a subject is an artifact
 * of the group {@code default}, and every subject version has its own global id, counted from 1 in
 * the order versions are made, as Apicurio Registry counts them.
 */
final class RegistryState {

  /** A reference of a schema to a subject's version. */
  record Reference(String name, String subject, int version) {
    Reference {
      requireNonNull(name, "name is null");
      requireNonNull(subject, "subject is null");
    }
  }

  /** A schema as stored once, whatever subjects hold it. */
  record StoredSchema(
      int id, UUID guid, SchemaType type, String text, List<Reference> references) {}

  /** A schema under a subject, and the version's global id (Apicurio's name for one subject version). */
  record SubjectVersion(String subject, int version, StoredSchema schema, long globalId) {}

  private record Identity(SchemaType type, String text, List<Reference> references) {}

  /** One version of a subject as stored. */
  private record Entry(StoredSchema schema, long globalId) {}

  private final Map<Identity, StoredSchema> byIdentity = new HashMap<>();
  private final Map<Integer, StoredSchema> byId = new HashMap<>();
  private final Map<UUID, StoredSchema> byGuid = new HashMap<>();
  private final Map<String, List<Entry>> subjects = new TreeMap<>();
  private final Map<Long, SubjectVersion> byGlobalId = new HashMap<>();
  private int nextId = 1;
  private long nextGlobalId = 1;

  /**
   * Registers a schema under a subject, or finds it there.
   *
   * @throws RegistryError 42201 when the schema is empty, not JSON for Avro and JSON Schema, or
   *     references a subject version that does not exist
   */
  synchronized SubjectVersion register(
      String subject, SchemaType type, String text, List<Reference> references) {
    return register(subject, type, text, references, false);
  }

  /**
   * Like {@link #register(String, SchemaType, String, List)}, but a subject that exists already is refused
   * as Apicurio refuses an artifact that exists when asked with {@code ifExists=FAIL}.
   *
   * @throws RegistryError 409 when the subject has a version already
   */
  synchronized SubjectVersion registerInNewSubject(
      String subject, SchemaType type, String text, List<Reference> references) {
    if (subjects.containsKey(subject)) {
      throw new RegistryError(
          409, 409, "An artifact with ID '" + subject + "' in group 'default' already exists.");
    }
    return register(subject, type, text, references, false);
  }

  /**
   * Like {@link #register(String, SchemaType, String, List)}, but the schema must become a new version:
   * Apicurio's {@code ifExists=CREATE_VERSION}. Unlike Apicurio, this registry keeps one version per
   * schema in a subject, so a schema the subject holds already is refused.
   *
   * @throws RegistryError 409 when the subject holds the schema already
   */
  synchronized SubjectVersion registerNewVersion(
      String subject, SchemaType type, String text, List<Reference> references) {
    return register(subject, type, text, references, true);
  }

  private SubjectVersion register(
      String subject, SchemaType type, String text, List<Reference> references, boolean mustBeNew) {
    requireNonNull(subject, "subject is null");
    requireNonNull(type, "type is null");
    if (subject.isEmpty() || subject.chars().anyMatch(Character::isISOControl)) {
      throw new RegistryError(
          422, 42208, "The specified subject '" + subject + "' is not a valid.");
    }
    if (text == null || text.isBlank()) {
      throw RegistryError.invalidSchema("Empty schema");
    }
    if (type != SchemaType.PROTOBUF && !JsonText.isJson(text)) {
      throw RegistryError.invalidSchema(
          "Invalid schema " + text + ", details: the " + type + " schema is not JSON");
    }
    List<Reference> resolved = new ArrayList<>();
    for (Reference reference : requireNonNull(references, "references is null")) {
      SubjectVersion target = find(reference.subject(), reference.version());
      if (target == null) {
        throw RegistryError.invalidSchema(
            "Invalid schema " + text + " with refs " + references + " of type " + type
                + ", details: reference '" + reference.name() + "' to subject '"
                + reference.subject() + "' version "
                + reference.version() + " not found");
      }
      resolved.add(new Reference(reference.name(), reference.subject(), target.version()));
    }
    String kept = type == SchemaType.PROTOBUF ? ProtobufForms.canonical(text) : text;
    Identity identity = new Identity(type, kept, List.copyOf(resolved));
    StoredSchema schema = byIdentity.get(identity);
    if (schema == null) {
      int id = nextId++;
      schema = new StoredSchema(id, guid(identity), type, kept, identity.references());
      byIdentity.put(identity, schema);
      byId.put(id, schema);
      byGuid.put(schema.guid(), schema);
    }
    List<Entry> versions = subjects.get(subject);
    for (int i = 0; versions != null && i < versions.size(); i++) {
      if (versions.get(i).schema().equals(schema)) {
        if (mustBeNew) {
          throw new RegistryError(
              409,
              40900,
              "Subject '" + subject + "' holds this schema as version " + (i + 1)
                  + " already; the fake registry keeps one version per schema: use ifExists=FIND_OR_CREATE_VERSION");
        }
        return new SubjectVersion(subject, i + 1, schema, versions.get(i).globalId());
      }
    }
    if (versions == null) {
      versions = new ArrayList<>();
      subjects.put(subject, versions);
    }
    Entry entry = new Entry(schema, nextGlobalId++);
    versions.add(entry);
    SubjectVersion made = new SubjectVersion(subject, versions.size(), schema, entry.globalId());
    byGlobalId.put(entry.globalId(), made);
    return made;
  }

  /** The version of a subject that holds exactly this schema, as POST /subjects/{subject} looks it up. */
  synchronized SubjectVersion lookUp(
      String subject, SchemaType type, String text, List<Reference> references) {
    List<Entry> versions = subjects.get(subject);
    if (versions == null) {
      throw RegistryError.subjectNotFound(subject);
    }
    String kept = type == SchemaType.PROTOBUF ? ProtobufForms.canonical(text) : text;
    for (int i = versions.size() - 1; i >= 0; i--) {
      StoredSchema schema = versions.get(i).schema();
      if (schema.type() == type
          && schema.text().equals(kept)
          && sameReferences(schema.references(), references)) {
        return new SubjectVersion(subject, i + 1, schema, versions.get(i).globalId());
      }
    }
    throw RegistryError.schemaNotFound();
  }

  synchronized StoredSchema byId(int id) {
    StoredSchema schema = byId.get(id);
    if (schema == null) {
      throw RegistryError.schemaNotFound(id);
    }
    return schema;
  }

  /**
   * The subject version with an Apicurio global id.
   *
   * @throws RegistryError 40402 when no version has it
   */
  synchronized SubjectVersion byGlobalId(long globalId) {
    SubjectVersion version = byGlobalId.get(globalId);
    if (version == null) {
      throw new RegistryError(
          404, 40402, "No artifact with global ID '" + globalId + "' was found.");
    }
    return version;
  }

  /**
   * A Protobuf schema as {@code ?format=serialized} serves it: its base64 {@code FileDescriptorProto}.
   *
   * @throws RegistryError 50001 when the kept text does not parse or link with its references
   */
  synchronized String serialized(StoredSchema schema) {
    Map<String, String> imports = new HashMap<>();
    Deque<Reference> pending = new ArrayDeque<>(schema.references());
    while (!pending.isEmpty()) {
      Reference reference = pending.pop();
      SubjectVersion target = find(reference.subject(), reference.version());
      if (target != null
          && imports.putIfAbsent(reference.name(), target.schema().text()) == null) {
        pending.addAll(target.schema().references());
      }
    }
    return ProtobufForms.serialized(schema.text(), imports);
  }

  synchronized StoredSchema byGuid(String guid) {
    StoredSchema schema = null;
    try {
      schema = byGuid.get(UUID.fromString(guid));
    } catch (IllegalArgumentException e) {
      // not a UUID: not found, as Confluent answers
    }
    if (schema == null) {
      throw RegistryError.schemaNotFound(guid);
    }
    return schema;
  }

  synchronized List<String> subjects() {
    return List.copyOf(subjects.keySet());
  }

  synchronized List<Integer> versions(String subject) {
    List<Entry> versions = subjects.get(subject);
    if (versions == null) {
      throw RegistryError.subjectNotFound(subject);
    }
    List<Integer> numbers = new ArrayList<>();
    for (int i = 1; i <= versions.size(); i++) {
      numbers.add(i);
    }
    return numbers;
  }

  /**
   * A subject's version: a number from 1, or "latest" (or -1).
   *
   * @throws RegistryError 40401, 40402 or 42202
   */
  synchronized SubjectVersion version(String subject, String version) {
    int number;
    if (version.equals("latest")) {
      number = -1;
    } else {
      try {
        number = Integer.parseInt(version);
      } catch (NumberFormatException e) {
        throw RegistryError.invalidVersion(version);
      }
      if (number == 0 || number < -1) {
        throw RegistryError.invalidVersion(version);
      }
    }
    if (!subjects.containsKey(subject)) {
      throw RegistryError.subjectNotFound(subject);
    }
    SubjectVersion found = find(subject, number);
    if (found == null) {
      throw RegistryError.versionNotFound(number);
    }
    return found;
  }

  /** The subject versions that hold a schema id, first registered first. */
  synchronized List<SubjectVersion> subjectVersions(int id) {
    StoredSchema schema = byId.get(id);
    if (schema == null) {
      throw RegistryError.schemaNotFound();
    }
    List<SubjectVersion> result = new ArrayList<>();
    subjects.forEach((subject, versions) -> {
      for (int i = 0; i < versions.size(); i++) {
        if (versions.get(i).schema().equals(schema)) {
          result.add(new SubjectVersion(subject, i + 1, schema, versions.get(i).globalId()));
        }
      }
    });
    return result;
  }

  /** The first subject version holding a schema id, preferring the given subject. */
  synchronized Optional<SubjectVersion> subjectVersion(int id, String preferredSubject) {
    List<SubjectVersion> holders = subjectVersions(id);
    return holders.stream()
        .filter(holder -> holder.subject().equals(preferredSubject))
        .findFirst()
        .or(() -> holders.stream().findFirst());
  }

  private SubjectVersion find(String subject, int version) {
    List<Entry> versions = subjects.get(subject);
    if (versions == null || versions.isEmpty()) {
      return null;
    }
    int number = version == -1 ? versions.size() : version;
    if (number < 1 || number > versions.size()) {
      return null;
    }
    Entry entry = versions.get(number - 1);
    return new SubjectVersion(subject, number, entry.schema(), entry.globalId());
  }

  private boolean sameReferences(List<Reference> stored, List<Reference> asked) {
    if (stored.size() != asked.size()) {
      return false;
    }
    for (int i = 0; i < stored.size(); i++) {
      Reference a = asked.get(i);
      SubjectVersion target = find(a.subject(), a.version());
      if (target == null
          || !stored.get(i).equals(new Reference(a.name(), a.subject(), target.version()))) {
        return false;
      }
    }
    return true;
  }

  /** A GUID from the schema's content, as Confluent derives one (an MD5 of text and references). */
  private static UUID guid(Identity identity) {
    StringBuilder content =
        new StringBuilder(identity.type().name()).append('\0').append(identity.text());
    for (Reference reference : identity.references()) {
      content
          .append('\0')
          .append(reference.name())
          .append('\0')
          .append(reference.subject())
          .append('\0')
          .append(reference.version());
    }
    return UUID.nameUUIDFromBytes(content.toString().getBytes(StandardCharsets.UTF_8));
  }
}
