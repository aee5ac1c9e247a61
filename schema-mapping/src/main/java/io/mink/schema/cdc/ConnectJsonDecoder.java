package io.mink.schema.cdc;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.decode.UndecodableException;
import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.SchemaRef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decodes values that Kafka Connect's JsonConverter wrote with {@code schemas.enable=true}: a JSON document
 * {@code {"schema": <Connect schema>, "payload": <value>}} with no schema registry. Each schema is compiled once
 * per schema text ({@link ConnectSchemaCompiler}), so records written with the same schema decode with the same
 * {@link io.mink.schema.decode.CompiledSchema} object; past {@value #MAX_SCHEMAS} distinct schemas, new ones are
 * compiled per record and not kept. Bad data never throws: it gives a {@link PartResult.Raw}. Safe to share
 * between threads.
 */
public final class ConnectJsonDecoder {
  /** How many distinct schemas one decoder keeps compiled. */
  public static final int MAX_SCHEMAS = 1024;

  static final ObjectMapper JSON = JsonMapper.builder()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
      .build();

  private final MappingOptions options;
  private final Map<String, Compiled> schemas = new ConcurrentHashMap<>();

  public ConnectJsonDecoder(MappingOptions options) {
    this.options = requireNonNull(options, "options is null");
  }

  /**
   * The value of a JsonConverter document: {@link PartResult.Decoded} with the payload, or {@link PartResult.Raw}
   * when the bytes are not such a document (reason {@code no-schema-id} when not JSON,
   * {@code not-a-debezium-envelope} for JSON without a Connect schema), its schema is not a Connect schema
   * ({@code unreadable-schema}) or its payload does not match it ({@code undecodable-bytes}).
   */
  public PartResult decode(byte[] bytes) {
    requireNonNull(bytes, "bytes is null");
    JsonNode document;
    try {
      document = JSON.readTree(bytes);
    } catch (IOException | RuntimeException e) {
      return new PartResult.Raw(
          RawReason.NO_SCHEMA_ID,
          "no schema id header or prefix, and not Kafka Connect JSON: " + e.getMessage());
    }
    JsonNode schema = document == null ? null : document.get("schema");
    if (schema == null || schema.isNull() || !document.has("payload")) {
      return new PartResult.Raw(
          RawReason.NOT_A_DEBEZIUM_ENVELOPE,
          "a JSON value without Kafka Connect's {\"schema\", \"payload\"} envelope: set"
              + " value.converter.schemas.enable=true on the Debezium connector's JsonConverter, or use a"
              + " schema registry converter (Avro, Protobuf or JSON Schema)");
    }
    Compiled compiled = compiled(schema);
    if (compiled.failure != null) {
      return compiled.failure;
    }
    try {
      Object value = compiled.schema.read(document.get("payload"));
      return new PartResult.Decoded(compiled.ref, compiled.schema, value);
    } catch (UndecodableException e) {
      return new PartResult.Raw(RawReason.UNDECODABLE_BYTES, String.valueOf(e.getMessage()));
    }
  }

  private Compiled compiled(JsonNode schema) {
    String text = schema.toString();
    Compiled known = schemas.get(text);
    if (known != null) {
      return known;
    }
    Compiled fresh = compile(schema, text);
    if (schemas.size() >= MAX_SCHEMAS) {
      return fresh;
    }
    Compiled raced = schemas.putIfAbsent(text, fresh);
    return raced == null ? fresh : raced;
  }

  private Compiled compile(JsonNode schema, String text) {
    SchemaRef ref = new SchemaRef.InRecord(sha256(text));
    try {
      ConnectValue root = ConnectSchemaCompiler.compile(schema, options);
      boolean optional = schema.path("optional").asBoolean(false);
      return new Compiled(ref, new CompiledConnectSchema(root, optional), null);
    } catch (UnreadableSchemaException e) {
      return new Compiled(
          ref,
          null,
          new PartResult.Raw(RawReason.UNREADABLE_SCHEMA, "schema " + ref + ": " + e.getMessage()));
    } catch (RuntimeException e) {
      return new Compiled(
          ref,
          null,
          new PartResult.Raw(
              RawReason.UNREADABLE_SCHEMA, "schema " + ref + ": compiler failed: " + e));
    }
  }

  private static String sha256(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java platform has SHA-256", e);
    }
  }

  private record Compiled(SchemaRef ref, CompiledConnectSchema schema, PartResult.Raw failure) {}
}
