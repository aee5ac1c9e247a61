package io.mink.cli;

import picocli.CommandLine;

/** The mink command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    useMinkLogging();
    System.exit(run(args, Environment.system()));
  }

  /** Mink's log layout and levels, unless the user points log4j2.configurationFile elsewhere. */
  public static void useMinkLogging() {
    if (System.getProperty("log4j2.configurationFile") == null) {
      System.setProperty("log4j2.configurationFile", "mink-log4j2.xml");
    }
  }

  public static int run(String[] args, Environment environment) {
    CommandLine commandLine = new CommandLine(new MinkCommand(environment))
        .setOut(environment.out())
        .setErr(environment.err())
        .setExecutionExceptionHandler((exception, line, parsed) -> {
          if (exception instanceof CommandFailure failure) {
            line.getErr().println("Error: " + failure.getMessage());
            return failure.exitCode().code();
          }
          line.getErr().println("Internal error: " + exception);
          exception.printStackTrace(line.getErr());
          return ExitCode.INTERNAL_ERROR.code();
        });
    int code = commandLine.execute(args);
    environment.out().flush();
    environment.err().flush();
    return code;
  }
}
