package io.mink.testkit.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.SchemaType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
  record StoredSchema(int id, UUID guid, SchemaType type, String text, List<Reference> references) {}

  /** A schema under a subject. */
  record SubjectVersion(String subject, int version, StoredSchema schema) {}

  private record Identity(SchemaType type, String text, List<Reference> references) {}

  private final Map<Identity, StoredSchema> byIdentity = new HashMap<>();
  private final Map<Integer, StoredSchema> byId = new HashMap<>();
  private final Map<UUID, StoredSchema> byGuid = new HashMap<>();
  private final Map<String, List<StoredSchema>> subjects = new TreeMap<>();
  private int nextId = 1;

  /**
   * Registers a schema under a subject, or finds it there.
   *
   * @throws RegistryError 42201 when the schema is empty, not JSON for Avro and JSON Schema, or
   *     references a subject version that does not exist
   */
  synchronized SubjectVersion register(String subject, SchemaType type, String text, List<Reference> references) {
    requireNonNull(subject, "subject is null");
    requireNonNull(type, "type is null");
    if (subject.isEmpty() || subject.chars().anyMatch(Character::isISOControl)) {
      throw new RegistryError(422, 42208, "The specified subject '" + subject + "' is not a valid.");
    }
    if (text == null || text.isBlank()) {
      throw RegistryError.invalidSchema("Empty schema");
    }
    if (type != SchemaType.PROTOBUF && !JsonText.isJson(text)) {
      throw RegistryError.invalidSchema("Invalid schema " + text + ", details: the " + type + " schema is not JSON");
    }
    List<Reference> resolved = new ArrayList<>();
    for (Reference reference : requireNonNull(references, "references is null")) {
      SubjectVersion target = find(reference.subject(), reference.version());
      if (target == null) {
        throw RegistryError.invalidSchema("Invalid schema " + text + " with refs " + references + " of type " + type
            + ", details: reference '" + reference.name() + "' to subject '" + reference.subject() + "' version "
            + reference.version() + " not found");
      }
      resolved.add(new Reference(reference.name(), reference.subject(), target.version()));
    }
    Identity identity = new Identity(type, text, List.copyOf(resolved));
    StoredSchema schema = byIdentity.get(identity);
    if (schema == null) {
      int id = nextId++;
      schema = new StoredSchema(id, guid(identity), type, text, identity.references());
      byIdentity.put(identity, schema);
      byId.put(id, schema);
      byGuid.put(schema.guid(), schema);
    }
    List<StoredSchema> versions = subjects.computeIfAbsent(subject, s -> new ArrayList<>());
    int existing = versions.indexOf(schema);
    if (existing >= 0) {
      return new SubjectVersion(subject, existing + 1, schema);
    }
    versions.add(schema);
    return new SubjectVersion(subject, versions.size(), schema);
  }

  /** The version of a subject that holds exactly this schema, as POST /subjects/{subject} looks it up. */
  synchronized SubjectVersion lookUp(String subject, SchemaType type, String text, List<Reference> references) {
    List<StoredSchema> versions = subjects.get(subject);
    if (versions == null) {
      throw RegistryError.subjectNotFound(subject);
    }
    for (int i = versions.size() - 1; i >= 0; i--) {
      StoredSchema schema = versions.get(i);
      if (schema.type() == type && schema.text().equals(text) && sameReferences(schema.references(), references)) {
        return new SubjectVersion(subject, i + 1, schema);
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
    List<StoredSchema> versions = subjects.get(subject);
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
        if (versions.get(i) == schema) {
          result.add(new SubjectVersion(subject, i + 1, schema));
        }
      }
    });
    return result;
  }

  /** The first subject version holding a schema id, preferring the given subject. */
  synchronized Optional<SubjectVersion> subjectVersion(int id, String preferredSubject) {
    List<SubjectVersion> holders = subjectVersions(id);
    return holders.stream().filter(holder -> holder.subject().equals(preferredSubject)).findFirst()
        .or(() -> holders.stream().findFirst());
  }

  private SubjectVersion find(String subject, int version) {
    List<StoredSchema> versions = subjects.get(subject);
    if (versions == null || versions.isEmpty()) {
      return null;
    }
    int number = version == -1 ? versions.size() : version;
    if (number < 1 || number > versions.size()) {
      return null;
    }
    return new SubjectVersion(subject, number, versions.get(number - 1));
  }

  private boolean sameReferences(List<Reference> stored, List<Reference> asked) {
    if (stored.size() != asked.size()) {
      return false;
    }
    for (int i = 0; i < stored.size(); i++) {
      Reference a = asked.get(i);
      SubjectVersion target = find(a.subject(), a.version());
      if (target == null || !stored.get(i).equals(new Reference(a.name(), a.subject(), target.version()))) {
        return false;
      }
    }
    return true;
  }

  /** A GUID from the schema's content, as Confluent derives one (an MD5 of text and references). */
  private static UUID guid(Identity identity) {
    StringBuilder content = new StringBuilder(identity.type().name()).append('\0').append(identity.text());
    for (Reference reference : identity.references()) {
      content.append('\0').append(reference.name()).append('\0').append(reference.subject()).append('\0')
          .append(reference.version());
    }
    return UUID.nameUUIDFromBytes(content.toString().getBytes(StandardCharsets.UTF_8));
  }
}
