"""What is shown: the terminal's renderers (terminal), progress figures (report), the HTML report
(html_report), the catalogue page (catalogue) and the mock interview (mock: its session and
scorecard; interview: the controller the mock screen drives)."""
