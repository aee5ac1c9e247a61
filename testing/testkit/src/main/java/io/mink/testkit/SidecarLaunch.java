package io.mink.testkit;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How to start {@code mink serve} in a JVM of its own ({@link SidecarProcess}).
 *
 * @param jvmOptions options of the child JVM, such as {@code -Xmx1g} or {@code -Dname=value}
 * @param serveArguments the arguments after {@code serve}, such as {@code --config file}
 * @param environment variables set on top of this process's
 * @param workingDirectory the child's working directory; null for this process's
 * @param log the file its output is appended to; null for none
 * @param echo whether its output also goes to this process's standard output
 * @param onLine told every line of its output as it is read, on the reading thread
 */
public record SidecarLaunch(
    List<String> jvmOptions,
    List<String> serveArguments,
    Map<String, String> environment,
    Path workingDirectory,
    Path log,
    boolean echo,
    Consumer<String> onLine) {
  public SidecarLaunch {
    jvmOptions = List.copyOf(requireNonNull(jvmOptions, "jvmOptions is null"));
    serveArguments = List.copyOf(requireNonNull(serveArguments, "serveArguments is null"));
    environment = Map.copyOf(requireNonNull(environment, "environment is null"));
    requireNonNull(onLine, "onLine is null");
  }

  /** {@code mink serve} with these arguments, no JVM options, this process's environment and directory. */
  public static SidecarLaunch serve(String... serveArguments) {
    return new SidecarLaunch(
        List.of(), List.of(serveArguments), Map.of(), null, null, false, line -> {});
  }

  /** With {@code options} added to the JVM options. */
  public SidecarLaunch withJvmOptions(List<String> options) {
    List<String> all = new ArrayList<>(jvmOptions);
    all.addAll(options);
    return new SidecarLaunch(all, serveArguments, environment, workingDirectory, log, echo, onLine);
  }

  /** With {@code variables} added to the environment, replacing any of the same name. */
  public SidecarLaunch withEnvironment(Map<String, String> variables) {
    Map<String, String> all = new HashMap<>(environment);
    all.putAll(variables);
    return new SidecarLaunch(jvmOptions, serveArguments, all, workingDirectory, log, echo, onLine);
  }

  public SidecarLaunch inDirectory(Path directory) {
    return new SidecarLaunch(jvmOptions, serveArguments, environment, directory, log, echo, onLine);
  }

  public SidecarLaunch loggingTo(Path file) {
    return new SidecarLaunch(
        jvmOptions, serveArguments, environment, workingDirectory, file, echo, onLine);
  }

  /** Its output shown on this process's standard output, as a terminal shows {@code bin/mink serve}'s. */
  public SidecarLaunch echoing() {
    return new SidecarLaunch(
        jvmOptions, serveArguments, environment, workingDirectory, log, true, onLine);
  }

  public SidecarLaunch onLine(Consumer<String> listener) {
    return new SidecarLaunch(
        jvmOptions, serveArguments, environment, workingDirectory, log, echo, listener);
  }
}
