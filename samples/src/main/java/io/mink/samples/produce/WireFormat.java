package io.mink.samples.produce;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Where a record names its schema, and whose serializers the samples write it with. */
public enum WireFormat {
  /** Byte 0, the 4-byte schema id, the payload: Apicurio Registry's serdes with Confluent's wire format. */
  CONFLUENT_PREFIX("confluent", "Confluent prefix", "Apicurio serdes 3"),
  /** Byte 3, a compression byte, the schema version UUID, the payload: AWS's Glue Schema Registry serde. */
  GLUE_PREFIX("glue", "Glue prefix", "AWS Glue serde"),
  /** The schema's GUID in the __key_schema_id / __value_schema_id headers: Confluent's npm serializers. */
  HEADER_GUID("header", "header GUIDs", "Confluent's npm serializers");

  private final String cliName;
  private final String title;
  private final String writtenBy;

  WireFormat(String cliName, String title, String writtenBy) {
    this.cliName = cliName;
    this.title = title;
    this.writtenBy = writtenBy;
  }

  /** The name on the command line: confluent, glue, header. */
  public String cliName() {
    return cliName;
  }

  /** How the docs name it: Confluent prefix, Glue prefix, header GUIDs. */
  public String title() {
    return title;
  }

  /** Whose serializers write it in the samples. */
  public String writtenBy() {
    return writtenBy;
  }

  public static WireFormat fromCliName(String name) {
    for (WireFormat format : values()) {
      if (format.cliName.equals(name.toLowerCase(Locale.ROOT))) {
        return format;
      }
    }
    throw new IllegalArgumentException("Unknown wire format '" + name + "': use one of "
        + Arrays.stream(values()).map(WireFormat::cliName).collect(Collectors.joining(", ")));
  }

  @Override
  public String toString() {
    return cliName;
  }
}
