package io.mink.schema.decode;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.registry.SchemaNotFoundException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaRegistry;
import io.mink.schema.registry.SchemaType;
import io.mink.schema.wire.Detection;
import io.mink.schema.wire.ProtobufMessageSelection;
import io.mink.schema.wire.SchemaIdDetector;
import io.mink.schema.wire.WirePayload;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decodes keys or values: detects the schema id, fetches the schema once per id, compiles it once
 * per id and table options, and runs the compiled decoder. Bad data never throws: it gives a {@link PartResult.Raw} with its
 * reason. Only an unavailable registry throws, so the caller waits and retries rather than turning
 * records raw.
 */
public final class PartDecoder {
  private final SchemaRegistry registry;
  private final Map<SchemaType, SchemaCompiler> compilers;
  private final Map<MappingOptions, Map<SchemaRef, Compiled>> compiled = new ConcurrentHashMap<>();

  public PartDecoder(SchemaRegistry registry, Map<SchemaType, SchemaCompiler> compilers) {
    this.registry = requireNonNull(registry, "registry is null");
    this.compilers = Map.copyOf(requireNonNull(compilers, "compilers is null"));
  }

  /** The registry the schemas are fetched from. */
  public SchemaRegistry registry() {
    return registry;
  }

  /**
   * A decoder with the same compilers whose schemas are fetched from {@code other}, such as a view of this one's
   * registry; it compiles each schema again.
   */
  public PartDecoder over(SchemaRegistry other) {
    return new PartDecoder(other, compilers);
  }

  /** Decodes a part as a table without options maps it. */
  public PartResult decode(byte[] bytes, byte[] schemaIdHeader)
      throws RegistryUnavailableException {
    return decode(bytes, schemaIdHeader, MappingOptions.DEFAULT);
  }

  /** Decodes a part into the types the table's options choose. */
  public PartResult decode(byte[] bytes, byte[] schemaIdHeader, MappingOptions options)
      throws RegistryUnavailableException {
    return decode(bytes, schemaIdHeader, options, false);
  }

  /**
   * As {@link #decode}, except that a payload whose schema decodes straight into columns is left
   * {@link PartResult.Encoded} for the batch that takes it.
   */
  public PartResult resolve(byte[] bytes, byte[] schemaIdHeader, MappingOptions options)
      throws RegistryUnavailableException {
    return decode(bytes, schemaIdHeader, options, true);
  }

  private PartResult decode(
      byte[] bytes, byte[] schemaIdHeader, MappingOptions options, boolean leaveEncoded)
      throws RegistryUnavailableException {
    if (bytes == null) {
      return PartResult.ABSENT;
    }
    Detection detection = SchemaIdDetector.detect(bytes, schemaIdHeader);
    if (detection instanceof Detection.NoSchemaId) {
      return new PartResult.Raw(RawReason.NO_SCHEMA_ID, "no schema id header or prefix");
    }
    if (detection instanceof Detection.Unreadable unreadable) {
      return new PartResult.Raw(RawReason.UNDECODABLE_BYTES, unreadable.reason());
    }
    WirePayload payload = ((Detection.Found) detection).payload();
    Compiled schema = compiled(payload.ref(), options);
    if (schema.failure != null) {
      return schema.failure;
    }
    try {
      if (schema.type == SchemaType.PROTOBUF) {
        ProtobufMessageSelection selection = ProtobufMessageSelection.read(payload);
        if (!schema.schema.isTableMessage(selection.selector())) {
          return new PartResult.Raw(
              RawReason.OTHER_PROTOBUF_MESSAGE,
              "written with message " + selection.selector() + ", not the schema's first message");
        }
        payload = selection.payload();
      }
      if (leaveEncoded && schema.schema.decodesIntoColumns()) {
        return new PartResult.Encoded(
            payload.ref(), schema.schema, payload.data(), payload.offset(), payload.length());
      }
      Object value = schema.schema.decode(payload.data(), payload.offset(), payload.length());
      return new PartResult.Decoded(payload.ref(), schema.schema, value);
    } catch (UndecodableException e) {
      return new PartResult.Raw(RawReason.UNDECODABLE_BYTES, String.valueOf(e.getMessage()));
    } catch (RuntimeException e) {
      return new PartResult.Raw(RawReason.UNDECODABLE_BYTES, "decoder failed: " + e);
    }
  }

  /** The schema compiled for the options: a table's options are few, so one map of schemas per options. */
  private Compiled compiled(SchemaRef ref, MappingOptions options)
      throws RegistryUnavailableException {
    Map<SchemaRef, Compiled> byRef = compiled.get(options);
    if (byRef == null) {
      byRef = compiled.computeIfAbsent(options, unused -> new ConcurrentHashMap<>());
    }
    Compiled known = byRef.get(ref);
    if (known != null) {
      return known;
    }
    Compiled fresh;
    try {
      RegisteredSchema schema = registry.fetch(ref);
      fresh = compile(ref, options, schema);
    } catch (SchemaNotFoundException e) {
      return new Compiled(
          null, null, new PartResult.Raw(RawReason.UNKNOWN_SCHEMA, String.valueOf(e.getMessage())));
    }
    Compiled raced = byRef.putIfAbsent(ref, fresh);
    return raced == null ? fresh : raced;
  }

  private Compiled compile(SchemaRef ref, MappingOptions options, RegisteredSchema schema) {
    SchemaCompiler compiler = compilers.get(schema.type());
    if (compiler == null) {
      return new Compiled(
          schema.type(),
          null,
          new PartResult.Raw(
              RawReason.UNREADABLE_SCHEMA,
              "schema " + ref + " is " + schema.type() + ", which this Mink cannot read"));
    }
    try {
      return new Compiled(schema.type(), compiler.compile(schema, options), null);
    } catch (UnreadableSchemaException e) {
      return new Compiled(
          schema.type(),
          null,
          new PartResult.Raw(RawReason.UNREADABLE_SCHEMA, "schema " + ref + ": " + e.getMessage()));
    } catch (RuntimeException e) {
      return new Compiled(
          schema.type(),
          null,
          new PartResult.Raw(
              RawReason.UNREADABLE_SCHEMA, "schema " + ref + ": compiler failed: " + e));
    }
  }

  private record Compiled(SchemaType type, CompiledSchema schema, PartResult.Raw failure) {}
}
