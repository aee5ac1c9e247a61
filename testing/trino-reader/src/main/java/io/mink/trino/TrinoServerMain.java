package io.mink.trino;

import java.lang.reflect.InvocationTargetException;

/**
 * Starts a Trino server as Trino's own launcher does ({@code io.trino.server.TrinoServer}: {@code new Server()
 * .start(version)}), reading its configuration from the file named by the system property {@code config}, with the version trino-main's
 * manifest gives. Trino's
 * classes are compiled for Java 25 and this class for Java 17, so it reaches them by reflection; the JVM that runs it
 * must be Java 25 or newer.
 */
public final class TrinoServerMain {
  private static final String SERVER_CLASS = "io.trino.server.Server";
  private static final int REQUIRED_JAVA = 25;

  private TrinoServerMain() {}

  public static void main(String[] args) throws ReflectiveOperationException {
    if (Runtime.version().feature() < REQUIRED_JAVA) {
      System.err.println("ERROR: Trino needs Java " + REQUIRED_JAVA + " or newer, and this is "
          + Runtime.version() + " at " + System.getProperty("java.home"));
      System.exit(100);
    }
    Class<?> serverClass = Class.forName(SERVER_CLASS);
    String version = serverClass.getPackage().getImplementationVersion();
    Object server = serverClass.getConstructor().newInstance();
    try {
      server
          .getClass()
          .getMethod("start", String.class)
          .invoke(server, version == null ? "unknown" : version);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw e;
    }
  }
}
