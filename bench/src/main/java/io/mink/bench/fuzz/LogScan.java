package io.mink.bench.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The JVM's log, written to a file besides the console (Mink's levels: io.mink at INFO, the rest at WARN) and scanned
 * at the end as an operator would scan a sidecar's log: the ERROR and WARN lines (Mink's own apart from the
 * in-process broker's) and the exceptions logged with them, and the first few of Mink's.
 */
final class LogScan {
  private static final int KEPT = 5;
  private static final Pattern EXCEPTION =
      Pattern.compile("^(Caused by: )?[a-zA-Z_$][\\w.$]*(Exception|Error)(: .*)?$");
  private static final String CONFIG = """
      <?xml version="1.0" encoding="UTF-8"?>
      <Configuration status="WARN">
        <Appenders>
          <Console name="console" target="SYSTEM_OUT">
            <PatternLayout pattern="%%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %%-5level %%c{1} - %%msg%%n"/>
          </Console>
          <File name="scan" fileName="%s">
            <PatternLayout pattern="%%level %%c - %%msg%%n%%throwable"/>
          </File>
        </Appenders>
        <Loggers>
          <Logger name="io.mink" level="INFO"/>
          <Logger name="org.apache.kafka.clients.consumer.internals.OffsetFetcherUtils" level="ERROR"/>
          <Logger name="org.apache.hadoop.util.NativeCodeLoader" level="ERROR"/>
          <Logger name="org.apache.kafka.clients.NetworkClient" level="ERROR"/>
          <Root level="WARN">
            <AppenderRef ref="console" level="WARN"/>
            <AppenderRef ref="scan"/>
          </Root>
        </Loggers>
      </Configuration>
      """;

  /**
   * What the scan found.
   *
   * @param minkErrors the ERROR lines of Mink's own loggers (io.mink), of {@code errors}; the others are the
   *     in-process broker's and clients'
   * @param minkWarnings the WARN lines of Mink's own loggers, of {@code warnings}
   * @param lines the first few ERROR lines and WARN lines of Mink's loggers
   */
  record Seen(
      Path file,
      long errors,
      long minkErrors,
      long warnings,
      long minkWarnings,
      long exceptions,
      List<String> lines) {}

  private final Path file;

  private LogScan(Path file) {
    this.file = file;
  }

  /** Points log4j at a configuration that also writes {@code file}; call before anything logs. */
  static LogScan configure(Path directory) {
    try {
      Path file = directory.resolve("mink-fuzz.log");
      Path config = Files.writeString(
          directory.resolve("log4j2-fuzz.xml"), CONFIG.formatted(file.toString()));
      System.setProperty("log4j2.configurationFile", config.toString());
      return new LogScan(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the log configuration in " + directory, e);
    }
  }

  Seen scan() {
    long errors = 0;
    long minkErrors = 0;
    long warnings = 0;
    long minkWarnings = 0;
    long exceptions = 0;
    List<String> kept = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(file)) {
        boolean error = line.startsWith("ERROR ") || line.startsWith("FATAL ");
        boolean warning = line.startsWith("WARN ");
        boolean minkWarning = line.startsWith("WARN io.mink.");
        errors += error ? 1 : 0;
        minkErrors += error && line.contains(" io.mink.") ? 1 : 0;
        warnings += warning ? 1 : 0;
        minkWarnings += minkWarning ? 1 : 0;
        exceptions += EXCEPTION.matcher(line).matches() ? 1 : 0;
        if ((error || minkWarning || EXCEPTION.matcher(line).matches()) && kept.size() < KEPT) {
          kept.add(line);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the log " + file, e);
    }
    return new Seen(file, errors, minkErrors, warnings, minkWarnings, exceptions, kept);
  }
}
