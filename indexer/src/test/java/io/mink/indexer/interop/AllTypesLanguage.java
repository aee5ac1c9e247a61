package io.mink.indexer.interop;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serializer;

/** A schema language's part of the all-types table: the values its serializer writes and the columns they fill. */
interface AllTypesLanguage {

  /** Apicurio's serializer of the language's values, registering their schema in the registry at the URL. */
  Serializer<Object> serializer(String apicurioUrl);

  /** The values of the language's records, in the order they are produced. */
  List<Object> values();

  /** Every column the language's values fill, with what Spark reads in it for each value. */
  List<AllTypesColumn> columns();

  /** Apicurio's serde settings for Confluent's wire format, which Mink reads, as {@link ApicurioSerde} sets them. */
  static Map<String, Object> apicurioConfig(String apicurioUrl) {
    Map<String, Object> config = new HashMap<>();
    config.put("apicurio.registry.url", apicurioUrl);
    config.put("apicurio.registry.auto-register", true);
    config.put("apicurio.registry.serde.send-type-ref", false);
    config.put("apicurio.registry.serde.send-indexes", true);
    return config;
  }
}
