package io.mink.schema.registry;

import static java.util.Objects.requireNonNull;

import io.mink.schema.secret.Secrets;
import java.nio.file.Path;

/**
 * A key store or trust store file for TLS to a schema registry.
 *
 * @param path the file
 * @param password its password, or null when the store has none (trust stores may have none)
 * @param type its type, such as PKCS12 or JKS
 */
public record TlsStore(Path path, String password, String type) {
  public TlsStore {
    requireNonNull(path, "path is null");
    requireNonNull(type, "type is null");
    if (type.isBlank()) {
      throw new IllegalArgumentException("Store type of " + path + " is blank: use PKCS12 or JKS");
    }
  }

  /** A PKCS12 store, the JDK's default type. */
  public static TlsStore pkcs12(Path path, String password) {
    return new TlsStore(path, password, "PKCS12");
  }

  @Override
  public String toString() {
    return "TlsStore[path=" + path + ", type=" + type + ", password="
        + (password == null ? "none" : Secrets.HIDDEN) + "]";
  }
}
