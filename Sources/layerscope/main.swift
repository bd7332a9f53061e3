import Foundation

FatalSignals.install()
exit(Layerscope.run(Array(CommandLine.arguments.dropFirst())))
