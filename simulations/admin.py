from django.contrib import admin

from .models import SimulationChunk, SimulationRun


class ChunkInline(admin.TabularInline):
    model = SimulationChunk
    fields = ("index", "first", "games", "played", "done_at")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(SimulationRun)
class SimulationRunAdmin(admin.ModelAdmin):
    list_display = ("pk", "label", "owner", "games", "seed", "status", "problem", "created_at", "finished_at")
    list_filter = ("status", "problem")
    readonly_fields = ("summary", "assault", "start_state", "heartbeat_at", "queued_at", "finished_at")
    inlines = [ChunkInline]
