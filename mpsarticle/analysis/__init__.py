"""Analysis: series by size, the findings and the verdict, read from results. No torch, no words."""
