package io.mink.cli;

import picocli.CommandLine;

/** The mink command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, Environment.system()));
  }

  public static int run(String[] args, Environment environment) {
    CommandLine commandLine = new CommandLine(new MinkCommand(environment), new SubcommandFactory(environment))
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
    commandLine.getSubcommands().values().forEach(sub -> sub.setExitCodeOnInvalidInput(ExitCode.USAGE.code()));
    int code = commandLine.execute(args);
    environment.out().flush();
    environment.err().flush();
    return code;
  }

  /** Builds commands with picocli's defaults; the environment reaches them through their parent. */
  private record SubcommandFactory(Environment environment) implements CommandLine.IFactory {
    @Override
    public <K> K create(Class<K> type) throws Exception {
      return CommandLine.defaultFactory().create(type);
    }
  }
}
