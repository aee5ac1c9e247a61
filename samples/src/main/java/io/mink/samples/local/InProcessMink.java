package io.mink.samples.local;

import io.mink.cli.Environment;
import io.mink.cli.Main;
import io.mink.cli.query.QueryConsole;
import io.mink.cli.query.QueryMain;
import io.mink.lake.catalog.LakeSettings;
import io.mink.testkit.SidecarLaunch;
import io.mink.testkit.SidecarProcess;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code mink} command run in this JVM, as {@code bin/mink} would run it with these {@code MINK_*} variables in
 * this working directory. {@code mink serve} runs in a JVM of its own: {@link #serve()}.
 */
public final class InProcessMink {
  /** The system properties {@code mink serve} gets from this JVM: S3 credentials and the logging configuration. */
  private static final List<String> FORWARDED_PROPERTIES =
      List.of("aws.accessKeyId", "aws.secretAccessKey", "log4j2.configurationFile");

  private final Map<String, String> variables;
  private final Environment environment;
  private final PrintWriter out;

  /**
   * @param variables the {@code MINK_*} variables, over the process's environment
   * @param home the working directory: the embedded lake is {@code home/mink-warehouse}
   */
  public InProcessMink(Map<String, String> variables, Path home, PrintWriter out) {
    this.variables = Map.copyOf(variables);
    Map<String, String> merged = new HashMap<>(System.getenv());
    merged.putAll(variables);
    this.out = out;
    this.environment = new Environment(
        merged, home, out, new PrintWriter(System.err, true, Charset.defaultCharset()));
  }

  /** The embedded lake's catalog and files, where {@code mink serve} writes the tables. */
  public LakeSettings lake() {
    return LakeSettings.embedded(
        environment.workingDirectory().resolve(LakeSettings.EMBEDDED_DIRECTORY));
  }

  /**
   * Starts {@code mink serve} in a JVM of its own, as {@code bin/mink serve} runs it, with the same variables and
   * working directory and its output on this process's standard output, so that it can be stopped as Ctrl-C stops
   * it while Kafka still runs; close it before Kafka stops.
   */
  public SidecarProcess serve() {
    return SidecarProcess.start(launch().echoing());
  }

  /** Like {@link #serve()}, its output going to a file, such as {@code target/mink-serve-*.log} in a test. */
  public SidecarProcess serveLogging(Path log) {
    return SidecarProcess.start(launch().loggingTo(log));
  }

  private SidecarLaunch launch() {
    List<String> options = new ArrayList<>(List.of("-Xmx1g"));
    for (String property : FORWARDED_PROPERTIES) {
      if (System.getProperty(property) != null) {
        options.add("-D" + property + "=" + System.getProperty(property));
      }
    }
    return SidecarLaunch.serve()
        .withJvmOptions(options)
        .withEnvironment(variables)
        .inDirectory(environment.workingDirectory());
  }

  /** Prints {@code $ mink <args>}, runs the command and returns its exit code. */
  public int run(String... args) {
    out.println("$ " + ShellWords.commandLine("mink", args));
    out.flush();
    return Main.run(args, environment);
  }

  /**
   * Prints {@code $ mink-query <args>}, runs the command as {@code bin/mink-query} would with no statements on stdin,
   * and fails unless it exits with 0.
   */
  public void queryOrFail(String... args) {
    out.println("$ " + ShellWords.commandLine("mink-query", args));
    out.flush();
    int code =
        QueryMain.run(args, new QueryConsole(environment, InputStream.nullInputStream(), false));
    if (code != 0) {
      throw new IllegalStateException("mink-query " + Arrays.toString(args)
          + " failed with exit code " + code + ": see its error above");
    }
  }

  /** Runs the command without printing it or its output, and returns what it printed to stdout. */
  public String capture(String... args) {
    StringWriter text = new StringWriter();
    Environment quiet = new Environment(
        environment.variables(),
        environment.workingDirectory(),
        new PrintWriter(text),
        new PrintWriter(new StringWriter()));
    Main.run(args, quiet);
    return text.toString();
  }

  /** Like {@link #run}, and fails unless the command exits with 0. */
  public void runOrFail(String... args) {
    int code = run(args);
    if (code != 0) {
      throw new IllegalStateException("mink " + Arrays.toString(args) + " failed with exit code "
          + code + ": see its error above");
    }
  }
}
