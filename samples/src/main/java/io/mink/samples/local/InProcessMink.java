package io.mink.samples.local;

import io.mink.cli.Environment;
import io.mink.cli.Main;
import io.mink.lake.LakeSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code mink} command run in this JVM, as {@code bin/mink} would run it with these {@code MINK_*} variables in
 * this working directory: {@code mink serve} on a thread of its own, and any other command in the caller's thread.
 */
public final class InProcessMink {
  private final Environment environment;
  private final PrintWriter out;

  /**
   * @param variables the {@code MINK_*} variables, over the process's environment
   * @param home the working directory: the embedded lake is {@code home/mink-warehouse}
   */
  public InProcessMink(Map<String, String> variables, Path home, PrintWriter out) {
    Map<String, String> merged = new HashMap<>(System.getenv());
    merged.putAll(variables);
    this.out = out;
    this.environment = new Environment(merged, home, out, new PrintWriter(System.err, true));
  }

  /** The embedded lake's catalog and files, where {@code mink serve} writes the tables. */
  public LakeSettings lake() {
    return LakeSettings.embedded(environment.workingDirectory().resolve(LakeSettings.EMBEDDED_DIRECTORY));
  }

  /** Starts {@code mink serve}; it runs until the JVM exits, and makes it exit when it fails. */
  public void serve() {
    Thread sidecar = new Thread(() -> {
      int exit = Main.run(new String[] {"serve"}, environment);
      if (exit != 0) {
        System.err.println("mink serve stopped with exit code " + exit);
        System.exit(exit);
      }
    }, "mink-serve");
    sidecar.setDaemon(true);
    sidecar.start();
  }

  /** Prints {@code $ mink <args>}, runs the command and returns its exit code. */
  public int run(String... args) {
    out.println("$ mink " + String.join(" ", args));
    out.flush();
    return Main.run(args, environment);
  }

  /** Like {@link #run}, and fails unless the command exits with 0. */
  public void runOrFail(String... args) {
    int code = run(args);
    if (code != 0) {
      throw new IllegalStateException("mink " + Arrays.toString(args) + " failed with exit code " + code
          + ": see its error above");
    }
  }
}
