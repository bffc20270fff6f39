"""Helpers of the terminal's tests: a recording screen that types the answers given."""

from rich.console import Console


class Screen:
    """A recording console and the answers typed, one at each prompt; then EOF. ``on_ask``
    is called with each prompt before it is answered."""

    def __init__(self, answers, on_ask=None, width: int = 120):
        self.console = Console(record=True, width=width, color_system=None, force_terminal=False)
        self.answers = list(answers)
        self.prompts: list[str] = []
        self.on_ask = on_ask

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.on_ask:
            self.on_ask(prompt)
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        self.console.print(f"{prompt}{answer}")
        return answer

    @property
    def text(self) -> str:
        return self.console.export_text(clear=False)

    @property
    def words(self) -> str:
        """What was shown, its lines and runs of spaces made one space each."""
        return " ".join(self.text.split())
