"""The browser app's HTTP side: its pages, the REST API of saved trees and traces, the ordering lab,
error answers as JSON, and strict JSON for everything emitted."""
