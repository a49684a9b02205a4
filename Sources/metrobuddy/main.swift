import Glibc
import MetroBuddyCLI

ProcessSetup.reserveStandardDescriptors()
var output = StandardStream.output
var errors = StandardStream.error
let environment = Environment(
  variables: ProcessSetup.environmentVariables(), outputIsTerminal: ProcessSetup.outputIsTerminal,
  errorIsTerminal: ProcessSetup.errorIsTerminal, readStandardInput: ProcessSetup.readStandardInput,
  writeProgress: ProcessSetup.writeProgress)
let status = MetroBuddy.run(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, output: &output, errors: &errors)
exit(MetroBuddy.finish(status: status, output: output, environment: environment, errors: &errors))
