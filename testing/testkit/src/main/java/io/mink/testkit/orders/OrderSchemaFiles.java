package io.mink.testkit.orders;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The order's schema files, classpath resources of the test kit beside this class. */
final class OrderSchemaFiles {
  private static final String FOLDER = "io/mink/testkit/orders/";

  private OrderSchemaFiles() {}

  /** The classpath path of a schema file, without a leading slash, as class loaders and serde settings take it. */
  static String path(String name) {
    return FOLDER + name;
  }

  /** A schema file's text. */
  static String text(String name) {
    try (InputStream in = OrderSchemaFiles.class.getClassLoader().getResourceAsStream(path(name))) {
      if (in == null) {
        throw new IllegalStateException(
            "The test kit lacks its resource " + path(name) + ": rebuild testing/testkit");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the test kit's resource " + path(name), e);
    }
  }
}
