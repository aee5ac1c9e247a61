package io.mink.samples.produce;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The schema languages the samples write, with their schema files under {@code schemas/} on the classpath. */
public enum SchemaLanguage {
  AVRO("avro", "AVRO", "order.avsc", "order-key.avsc"),
  PROTOBUF("protobuf", "PROTOBUF", "order.proto", "order_key.proto"),
  JSON_SCHEMA("json-schema", "JSON", "order.schema.json", "order-key.schema.json");

  private final String cliName;
  private final String registryType;
  private final String valueSchemaFile;
  private final String keySchemaFile;

  SchemaLanguage(
      String cliName, String registryType, String valueSchemaFile, String keySchemaFile) {
    this.cliName = cliName;
    this.registryType = registryType;
    this.valueSchemaFile = valueSchemaFile;
    this.keySchemaFile = keySchemaFile;
  }

  /** The name on the command line and in topic names: avro, protobuf, json-schema. */
  public String cliName() {
    return cliName;
  }

  /** The schema type as Confluent's registry and AWS Glue name it: AVRO, PROTOBUF, JSON. */
  public String registryType() {
    return registryType;
  }

  /** The classpath resource of the value's or the key's schema, such as {@code schemas/order.avsc}. */
  public String schemaResource(boolean key) {
    return "schemas/" + (key ? keySchemaFile : valueSchemaFile);
  }

  /** The value's or the key's schema as text. */
  public String schemaText(boolean key) {
    String resource = schemaResource(key);
    try (InputStream in = SchemaLanguage.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            "The samples jar has no " + resource + ": rebuild it with mvn package -pl samples");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + resource, e);
    }
  }

  public static SchemaLanguage fromCliName(String name) {
    for (SchemaLanguage language : values()) {
      if (language.cliName.equals(name.toLowerCase(Locale.ROOT))) {
        return language;
      }
    }
    throw new IllegalArgumentException(
        "Unknown schema language '" + name + "': use one of " + names());
  }

  static String names() {
    return Arrays.stream(values()).map(SchemaLanguage::cliName).collect(Collectors.joining(", "));
  }

  @Override
  public String toString() {
    return cliName;
  }
}
